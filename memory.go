package puzzlesat

import "github.com/puzzlesat/puzzlesat/solver"

// Memory divides memory among the runs that share it at once, such as a
// batch's workers: SAT formulas draw literals from one quota, and each
// DFS keeps its tables within a share. Without it each run has the whole.
type Memory struct {
	quota      *solver.Quota
	tableBytes int // bytes per run for the DFS's tables; 0 keeps the defaults
}

// NewMemory returns a Memory for up to runs runs at once, of at most
// literals SAT literals and about tables bytes of DFS tables (0: default
// tables). Less memory costs time, never an answer.
func NewMemory(literals int, tables int64, runs int) *Memory {
	m := &Memory{quota: solver.NewQuota(literals)}
	if tables > 0 {
		m.tableBytes = int(max(tables/int64(max(runs, 1)), 1))
	}
	return m
}

// lease returns a run's share of m's literals, nil without m; the run
// releases it when it ends.
func (m *Memory) lease() *solver.Lease {
	if m == nil {
		return nil
	}
	return m.quota.Lease()
}

// tables returns the bytes a DFS run under m may size its tables to, 0
// for the search's defaults.
func (m *Memory) tables() int {
	if m == nil {
		return 0
	}
	return m.tableBytes
}
