//go:build cadical

// The C interface of shim.cc, the only code that touches CaDiCaL's C++
// API. Every function catches C++ exceptions (which must never unwind into
// Go) and reports them as SHIM_BROKEN; the Go side checks CaDiCaL's state
// machine before each call, so no call here can violate an API contract.

#ifndef PUZZLESAT_CADICAL_SHIM_H
#define PUZZLESAT_CADICAL_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// SHIM_BROKEN is returned when CaDiCaL threw (std::bad_alloc, in practice):
// the solver may be half-updated and must not be used again.
enum { SHIM_BROKEN = -1 };

typedef struct shim shim;

// shim_counters is what the callbacks counted, plus CaDiCaL's public
// size queries.
typedef struct {
	int64_t learned;      // clauses learned by conflict analysis, empty clause included
	int64_t learned_units;
	int64_t learned_lits; // their literals, after minimisation
	int64_t polls;        // calls of the terminator
	int64_t active;       // active variables (Solver::active)
	int64_t irredundant;  // active irredundant clauses
	int64_t redundant;    // active redundant (learned, kept) clauses
	int vars;             // the largest variable index (Solver::vars)
} shim_counters;

shim *shim_new(void);
void shim_delete(shim *);
const char *shim_version(void);

// shim_set returns 1 when the option exists, 0 when not, or SHIM_BROKEN.
int shim_set(shim *, const char *name, int val);
int shim_get(shim *, const char *name);
int shim_configure(shim *, const char *name);
int shim_limit(shim *, const char *name, int val);

// shim_add adds clauses written as puzzlesat literals (2v for v, 2v+1 for
// not v), each clause ended by 0. It returns 0 or SHIM_BROKEN.
int shim_add(shim *, const uint32_t *lits, size_t n);

// shim_solve adds the pending clauses, assumes the assumptions and
// solves: 10, 20, 0 (stopped), or SHIM_BROKEN. A shim_interrupt with the
// same generation stops it.
int shim_solve(shim *, const uint32_t *pending, size_t npending,
	const uint32_t *assume, size_t nassume, uint64_t gen);

// shim_interrupt asks the solve of generation gen to stop; it is safe
// from any thread at any time before shim_delete.
void shim_interrupt(shim *, uint64_t gen);

// shim_model writes the value of variables 1..n-1 to out[1..n-1] (out[0]
// is left alone) after a satisfiable solve.
int shim_model(shim *, unsigned char *out, int n);

// shim_failed copies the assumptions that are in the core to out and
// returns their number, after an unsatisfiable solve.
long shim_failed(shim *, const uint32_t *assume, size_t n, uint32_t *out);

// shim_reserve makes room for variables 1..n: 0 or SHIM_BROKEN.
int shim_reserve(shim *, int n);

int shim_counters_get(shim *, shim_counters *);

// shim_trace_proof makes the solver write a DRAT proof to a duplicate of
// fd, binary or text: 0, an errno value, or SHIM_BROKEN.
int shim_trace_proof(shim *, int fd, int binary);
int shim_flush_proof(shim *);
int shim_close_proof(shim *);

// shim_statistics returns CaDiCaL's statistics report, malloc'd (free it),
// or NULL when it cannot be captured; *len is its length.
char *shim_statistics(shim *, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
