package puzzlesat

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/solver"
)

// TestMemoryDivides: NewMemory gives each of its runs a share of the DFS
// tables, and one quota of literals for all; without a Memory each run
// keeps the defaults.
func TestMemoryDivides(t *testing.T) {
	m := NewMemory(1000, 512<<20, 64)
	require.Equal(t, 8<<20, m.tables())
	require.NotNil(t, m.lease())
	require.Equal(t, 1, NewMemory(1000, 10, 64).tables(), "at least a byte: never the defaults by accident")
	require.Zero(t, NewMemory(1000, 0, 4).tables())

	var none *Memory
	require.Zero(t, none.tables())
	require.Nil(t, none.lease())
}

// TestMemoryAnswers: solving under a Memory whose share is small gives
// the same answers, by either backend, and the quota is whole again after.
func TestMemoryAnswers(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	k := lookup(t, "sticks")
	want, _, err := k.Solve(context.Background(), p, Options{})
	require.NoError(t, err)
	m := NewMemory(1000, 1, 4)
	for _, b := range []Backend{DFS, SAT, Race} {
		got, _, err := k.Solve(context.Background(), p, Options{Backend: b, Memory: m})
		require.NoError(t, err, "%v", b)
		require.Equal(t, want, got, "%v", b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c := solver.Config{Budget: 1000, Lease: m.lease()}
	require.NoError(t, c.Reserve(ctx, 1000), "every run gave its literals back")
}
