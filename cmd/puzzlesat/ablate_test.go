package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat"
	"puzzlesat/puzzle"
)

// solveLog is a Puzzle that records the options of every Solve.
type solveLog struct {
	puzzlesat.Puzzle
	calls []puzzlesat.Options
}

func (l *solveLog) Solve(ctx context.Context, p puzzlesat.Problem, o puzzlesat.Options) (puzzlesat.Answer, puzzlesat.Stats, error) {
	l.calls = append(l.calls, o)
	return l.Puzzle.Solve(ctx, p, o)
}

// TestAblationWarmUp checks that each default runs once, untimed, right
// before its timed run and those of the configurations measured against
// it, so that no row carries the cost of a first run.
func TestAblationWarmUp(t *testing.T) {
	k, err := lookupKind("sticks")
	require.NoError(t, err)
	base, err := contenders("dfs,sat", puzzlesat.Options{})
	require.NoError(t, err)
	cs, configs := ablation(k.lib, base)
	log := &solveLog{Puzzle: k.lib}
	x := item{file: "sample", kase: 1, p: puzzle.Sticks{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}}
	in, r := k.runAblation(context.Background(), log, cs, configs, x)
	require.False(t, r.failed || r.bug || r.stopped, r.errs)
	require.Len(t, in.Runs, len(cs))
	var want []puzzlesat.Options
	warm := 0
	for i, c := range configs {
		if c.Base == i {
			want = append(want, cs[i].opts) // the warm-up run
			warm++
		}
		want = append(want, cs[i].opts)
	}
	require.Equal(t, 2, warm)
	require.Equal(t, want, log.calls)
}

// TestCompareAblate runs compare --ablate on the sticks sample: a row per
// block and configuration, a summary row per configuration, and the
// summary as Markdown.
func TestCompareAblate(t *testing.T) {
	md := filepath.Join(t.TempDir(), "sticks.md")
	out, errs, code := cli(t, "", "compare", "sticks", "--ablate", "--markdown="+md, "../../testdata/sticks/sample.in")
	require.Equal(t, exitOK, code, errs)
	k, err := lookupKind("sticks")
	require.NoError(t, err)
	for _, p := range k.lib.Prunings() {
		require.Equal(t, 3, strings.Count(out, "dfs:-"+p.Name+" "), p.Name) // two blocks and the summary
	}
	require.Contains(t, out, "sat:sum=adder ")
	table, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Contains(t, string(table), "| `dfs -memo` | memo |")
}
