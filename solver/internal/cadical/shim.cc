//go:build cadical

// shim.cc reaches CaDiCaL's C++ API (cadical.hpp) for what its C API
// lacks: a terminator that reads a flag instead of calling back into Go,
// a learner that only counts, proofs on a caller's file, and the
// statistics report.

#include "shim.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unistd.h>

#include <cadical.hpp>

namespace {

// Stopper stops the solve whose generation was interrupted. A flag that
// only shim_solve's caller clears could be set by a late interrupt after
// a solve ended and then stop the next one; a generation cannot.
struct Stopper : CaDiCaL::Terminator {
	std::atomic<uint64_t> stop{0};
	uint64_t gen = 0; // the running solve's generation; 0 is never interrupted
	int64_t polls = 0;
	bool terminate() override {
		polls++;
		return stop.load(std::memory_order_relaxed) == gen;
	}
};

// Counter counts the clauses conflict analysis learns. It declines the
// literals (learning returns false), so a clause costs one virtual call.
struct Counter : CaDiCaL::Learner {
	int64_t learned = 0, units = 0, lits = 0;
	bool learning(int size) override {
		learned++;
		units += size == 1;
		lits += size;
		return false;
	}
	void learn(int) override {}
};

inline int dimacs(uint32_t l) {
	int v = (int)(l >> 1);
	return (l & 1) ? -v : v;
}

// stdoutMu serialises the statistics captures, which redirect stdout.
std::mutex stdoutMu;

// quietOff turns CaDiCaL's messages on for one statistics report and back
// off, even when the report throws.
struct quietOff {
	CaDiCaL::Solver &s;
	int verbose;
	explicit quietOff(CaDiCaL::Solver &s) : s(s), verbose(s.get("verbose")) {
		s.set("quiet", 0);
		s.set("verbose", 1); // verbose prints the indented detail lines too
	}
	~quietOff() {
		s.set("verbose", verbose);
		s.set("quiet", 1);
	}
};

} // namespace

// The solver is declared last so that it is destroyed first, before the
// callbacks it holds.
struct shim {
	Stopper stopper;
	Counter counter;
	CaDiCaL::Solver solver;
	FILE *proof = nullptr;
};

extern "C" {

shim *shim_new(void) {
	try {
		shim *s = new shim;
		s->solver.set("quiet", 1); // a library does not print
		s->solver.set("terminateint", 0); // poll the terminator at every check
		s->solver.connect_terminator(&s->stopper);
		s->solver.connect_learner(&s->counter);
		return s;
	} catch (...) {
		return nullptr;
	}
}

void shim_delete(shim *s) {
	FILE *proof = s->proof;
	try {
		delete s;
	} catch (...) {
	}
	if (proof) fclose(proof);
}

const char *shim_version(void) { return CaDiCaL::Solver::version(); }

int shim_set(shim *s, const char *name, int val) {
	try {
		return s->solver.set(name, val) ? 1 : 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_get(shim *s, const char *name) {
	try {
		return s->solver.get(name);
	} catch (...) {
		return 0;
	}
}

int shim_configure(shim *s, const char *name) {
	try {
		return s->solver.configure(name) ? 1 : 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_limit(shim *s, const char *name, int val) {
	try {
		return s->solver.limit(name, val) ? 1 : 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_add(shim *s, const uint32_t *lits, size_t n) {
	try {
		for (size_t i = 0; i < n; i++) s->solver.add(dimacs(lits[i]));
		return 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_solve(shim *s, const uint32_t *pending, size_t npending,
	const uint32_t *assume, size_t nassume, uint64_t gen) {
	try {
		for (size_t i = 0; i < npending; i++) s->solver.add(dimacs(pending[i]));
		for (size_t i = 0; i < nassume; i++) s->solver.assume(dimacs(assume[i]));
		s->stopper.gen = gen;
		int res = s->solver.solve();
		s->stopper.gen = 0;
		return res;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

void shim_interrupt(shim *s, uint64_t gen) {
	s->stopper.stop.store(gen, std::memory_order_relaxed);
}

int shim_model(shim *s, unsigned char *out, int n) {
	try {
		for (int v = 1; v < n; v++) out[v] = s->solver.val(v) > 0;
		return 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

long shim_failed(shim *s, const uint32_t *assume, size_t n, uint32_t *out) {
	try {
		long k = 0;
		for (size_t i = 0; i < n; i++)
			if (s->solver.failed(dimacs(assume[i]))) out[k++] = assume[i];
		return k;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_reserve(shim *s, int n) {
	try {
		s->solver.reserve(n);
		return 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_counters_get(shim *s, shim_counters *c) {
	try {
		c->learned = s->counter.learned;
		c->learned_units = s->counter.units;
		c->learned_lits = s->counter.lits;
		c->polls = s->stopper.polls;
		c->active = s->solver.active();
		c->irredundant = s->solver.irredundant();
		c->redundant = s->solver.redundant();
		c->vars = s->solver.vars();
		return 0;
	} catch (...) {
		return SHIM_BROKEN;
	}
}

int shim_trace_proof(shim *s, int fd, int binary) {
	int dup_fd = dup(fd);
	if (dup_fd < 0) return errno;
	FILE *f = fdopen(dup_fd, "w");
	if (!f) {
		int err = errno;
		close(dup_fd);
		return err;
	}
	try {
		s->solver.set("binary", binary);
		s->solver.trace_proof(f, "<proof>"); // the name is kept, not copied
		s->proof = f;
		return 0;
	} catch (...) {
		fclose(f);
		return SHIM_BROKEN;
	}
}

int shim_flush_proof(shim *s) {
	try {
		s->solver.flush_proof_trace();
	} catch (...) {
		return SHIM_BROKEN;
	}
	return ferror(s->proof) ? EIO : 0;
}

int shim_close_proof(shim *s) {
	try {
		s->solver.close_proof_trace();
	} catch (...) {
		return SHIM_BROKEN;
	}
	int err = ferror(s->proof) ? EIO : 0;
	if (fclose(s->proof) != 0 && !err) err = errno;
	s->proof = nullptr;
	return err;
}

char *shim_statistics(shim *s, size_t *len) {
#ifdef __GLIBC__
	// CaDiCaL prints its report to stdout, which glibc lets a program
	// assign ("stdin, stdout, and stderr are normal variables which you
	// can set just like any others", the glibc manual, Standard Streams).
	// Only C stdio sees the swap; Go writes to file descriptor 1 directly.
	char *buf = nullptr;
	*len = 0;
	FILE *mem = open_memstream(&buf, len);
	if (!mem) return nullptr;
	bool ok = true;
	{
		std::lock_guard<std::mutex> lock(stdoutMu);
		FILE *old = stdout;
		fflush(old);
		stdout = mem;
		try {
			quietOff on(s->solver);
			s->solver.statistics();
		} catch (...) {
			ok = false;
		}
		stdout = old;
	}
	fclose(mem);
	if (!ok) {
		free(buf);
		return nullptr;
	}
	return buf;
#else
	(void)s;
	*len = 0;
	return nullptr;
#endif
}

} // extern "C"
