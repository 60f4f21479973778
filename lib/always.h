/* lib/always.h: ALWAYS() and NEVER(), SQLite's markers for conditions the
 * code believes impossible (sqliteInt.h), shared by the libraries behind
 * libgrotto (ref/, impl/, legacy/, capture/, lib/) and the harness. Not
 * installed: an internal header (grotto_common's include path).
 *
 * A condition is "impossible" when no argument of any public function can
 * make it true - a table row that the generated tables always hold, a
 * value an earlier check of the same call already bounded. Such a branch
 * is written
 *
 *     if (NEVER(row == NULL))      // believed false
 *         return -1;
 *     if (ALWAYS(n <= 3)) ...      // believed true
 *
 * and behaves, by build:
 *  - debug (assertions on, NDEBUG not defined; CI's RelWithDebInfo): the
 *    test is made, and a condition that turns out otherwise stops the
 *    program at an assert - a bug found;
 *  - release (NDEBUG): a plain test, so that the fallback still keeps the
 *    program in bounds if the belief is ever wrong;
 *  - GROTTO_COVERAGE_TEST defined: ALWAYS(X) is 1 and NEVER(X) is 0 (X is
 *    not evaluated), so that branch coverage counts only the branches tests
 *    can reach - the fallback is not compiled in. The coverage build
 *    (-DGROTTO_COVERAGE=ON, ci/coverage.sh) defines it. X must therefore
 *    have no effect (tests/e2e/test_source_rules.py checks: no call but to
 *    a reader, no assignment, no ++ or --).
 *
 * A bad argument from a caller is NOT impossible: it gets a real check
 * (`if (n < 1 || n > 16) return -1;`) and a test that makes it
 * (tests/unit/test_lib_bounds.c). */
#ifndef GROTTO_ALWAYS_H
#define GROTTO_ALWAYS_H

#include <assert.h>

#if defined(GROTTO_COVERAGE_TEST)
#define ALWAYS(X) ((void)sizeof(X), 1)
#define NEVER(X) ((void)sizeof(X), 0)
#elif !defined(NDEBUG)
#define ALWAYS(X) ((X) ? 1 : (assert(0), 0))
#define NEVER(X) ((X) ? (assert(0), 1) : 0)
#else
#define ALWAYS(X) ((X) ? 1 : 0)
#define NEVER(X) ((X) ? 1 : 0)
#endif

#endif
