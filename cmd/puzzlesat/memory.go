package main

import (
	"cmp"
	"os"
	"runtime/debug"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/addrspace"
	"github.com/puzzlesat/puzzlesat/solver"
)

// dfsTables is what the DFS's tables (the sticks memo and bitsets) of all
// jobs take together: the default tables of 9 searches, so that 64 jobs
// take 8 MiB each rather than 64 times 56 MiB. A smaller share costs a
// search time, never an answer.
const dfsTables = 512 << 20

// literalBytes is the peak memory of a literal of a puzzle formula in this
// tool and gini together: 35 to 38 bytes, with room for the collector.
const literalBytes = 40

// memory returns the memory that the jobs of a command share: the SAT
// formulas of all jobs hold together at most the budget's literals, as
// one formula at the budget alone would, and the DFS tables take together
// dfsTables. Under an address-space limit (ulimit -v) the formulas hold
// together no more than what the limit leaves allows, and the tables no
// more than an eighth of it; a formula within the budget but over that
// runs alone.
func (o *options) memory() *puzzlesat.Memory {
	literals := cmp.Or(o.lib.Budget, solver.DefaultBudget)
	tables := int64(dfsTables)
	if limit := addrspace.Limit(); limit > 0 {
		tables = min(tables, limit/8)
		if left := limit - addrspace.Used(); left > 0 {
			literals = int(min(int64(literals), left/literalBytes))
		}
	}
	return puzzlesat.NewMemory(literals, tables, o.jobs)
}

// setMemoryLimit gives Go's collector a soft limit under the process's
// address-space limit, unless GOMEMLIMIT sets one: three quarters of what
// the limit leaves past the address space mapped at the start (1.2 GB of
// reservations for a Go 1.26 program on Linux, hardly touched), so that
// the collector works harder before the heap reaches the limit, where an
// allocation that fails kills a Go program.
func setMemoryLimit() {
	limit := addrspace.Limit()
	if limit <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if left := limit - addrspace.Used(); left > 0 {
		debug.SetMemoryLimit(left / 4 * 3)
	}
}
