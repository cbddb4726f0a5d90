// fp8_t / bf8_t in device tests: they are encoded like the GPU that runs the code object
// (FNUZ e4m3fnuz / e5m2fnuz on gfx942, OCP e4m3fn / e5m2 elsewhere). The host asks the device
// which (a kernel returns OPUS_FP8_FNUZ of its own compile pass) and encodes or decodes with
// opus's host conversions to that format.
#pragma once
#include "device_test.hpp"
#include <opus/arch.hpp>

#include <cstdint>

// a template, so that every test file of an executable may include it
template <int = 0>
__global__ void opus_test_fp8_fnuz_probe(int* out) { *out = OPUS_FP8_FNUZ; }

namespace opus_test {

// true: the running code object's fp8_t / bf8_t are FNUZ; false: OCP
inline bool device_fp8_fnuz() {
    device_buffer<int> d(static_cast<size_t>(1));
    opus_test_fp8_fnuz_probe<<<dim3(1), dim3(1), 0, nullptr>>>(d.ptr);
    OPUS_HIP_CHECK(hipGetLastError());
    OPUS_HIP_CHECK(hipDeviceSynchronize());
    return d.to_host()[0] != 0;
}

// host encoding of the device's fp8_t (E4M3) / bf8_t (E5M2), and the value of a code
template <typename T> struct f8_host;
template <> struct f8_host<opus::fp8_t> {
    static uint8_t enc(float x, bool fnuz) {
        return fnuz ? opus::cast<opus::fp8_e4m3fnuz_t>(x).data : opus::cast<opus::fp8_e4m3fn_t>(x).data;
    }
    static uint8_t enc_saturate(float x, bool fnuz) {
        return fnuz ? opus::cast<opus::fp8_e4m3fnuz_t>(x, opus::saturate).data
                    : opus::cast<opus::fp8_e4m3fn_t>(x, opus::saturate).data;
    }
    static float dec(uint8_t b, bool fnuz) {
        return fnuz ? opus::cast<float>(opus::fp8_e4m3fnuz_t{b}) : opus::cast<float>(opus::fp8_e4m3fn_t{b});
    }
};
template <> struct f8_host<opus::bf8_t> {
    static uint8_t enc(float x, bool fnuz) {
        return fnuz ? opus::cast<opus::bf8_e5m2fnuz_t>(x).data : opus::cast<opus::bf8_e5m2_t>(x).data;
    }
    static uint8_t enc_saturate(float x, bool fnuz) {
        return fnuz ? opus::cast<opus::bf8_e5m2fnuz_t>(x, opus::saturate).data
                    : opus::cast<opus::bf8_e5m2_t>(x, opus::saturate).data;
    }
    static float dec(uint8_t b, bool fnuz) {
        return fnuz ? opus::cast<float>(opus::bf8_e5m2fnuz_t{b}) : opus::cast<float>(opus::bf8_e5m2_t{b});
    }
};

} // namespace opus_test
