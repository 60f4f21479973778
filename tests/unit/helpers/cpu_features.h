/* What this CPU runs, asked the way impl/ asks (the compiler's CPU
 * builtins), so that a test can require impl's fast path to be taken where
 * the CPU has it - not only to be right - and refused where it has not. */
#ifndef GROTTO_CPU_FEATURES_H
#define GROTTO_CPU_FEATURES_H

static inline int cpu_has_avx2(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

/* AVX-512 F, BW, DQ and VL, with AVX2, BMI1, BMI2 and POPCNT: the record
 * digests' path (impl/fnv.c) and the sweep's second build
 * (impl/sweep_avx512.c) */
static inline int cpu_has_avx512(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

#endif
