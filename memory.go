package puzzlesat

import "github.com/puzzlesat/puzzlesat/solver"

// Memory divides memory among the runs that share it and go on at once,
// such as the workers of a batch: the SAT backend's formulas draw their
// literals from one quota, and each DFS keeps the tables it sizes to the
// instance (the sticks search's memo and bitsets) within a share of a
// total. Without it (Options.Memory nil) each run has the whole budget
// and the default tables, so that n runs at once may take n times the
// memory of one.
type Memory struct {
	quota      *solver.Quota
	tableBytes int // bytes per run for the DFS's tables; 0 keeps the defaults
}

// NewMemory returns a Memory for up to runs runs at once whose SAT
// formulas hold together at most literals, and whose DFS tables take
// together about tables bytes (0: each run keeps the default tables). A
// formula within the budget but over what the others leave waits for
// them; a smaller share of tables costs the DFS time, never an answer.
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
