package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/compare"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
)

// solveLog is a kind that records the options of every Solve.
type solveLog struct {
	puzzlesat.Kind
	calls []puzzlesat.Options
}

func (l *solveLog) Solve(ctx context.Context, p kind.Instance, o puzzlesat.Options) (puzzlesat.Answer, puzzlesat.Stats, error) {
	l.calls = append(l.calls, o)
	return l.Kind.Solve(ctx, p, o)
}

// TestAblationInterleaves checks the order of an ablation's runs: each
// default once untimed, then its own repeats, then each configuration
// measured against it (its control first) interleaved with it, A B A B,
// so that no row carries the cost of a first run or a drift of the
// machine's speed.
func TestAblationInterleaves(t *testing.T) {
	k, err := lookupKind("sticks")
	require.NoError(t, err)
	base, err := contenders("dfs,sat", puzzlesat.Options{})
	require.NoError(t, err)
	cs, configs := ablation(k.lib, base)
	log := &solveLog{Kind: k.lib}
	x := item{file: "sample", kase: 1, p: sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}}
	const repeats = 2
	in, r := k.runAblation(context.Background(), log, cs, configs, x, repeats, 0)
	require.False(t, r.failed || r.bug || r.stopped, r.errs)
	require.Len(t, in.Runs, len(cs))
	var want []puzzlesat.Options
	defaults := 0
	for i, c := range configs {
		if c.Base == i {
			defaults++
			want = append(want, cs[i].opts, cs[i].opts, cs[i].opts) // the warm-up and the repeats
			require.Equal(t, compare.Control, configs[i+1].Category, "the control follows its default")
			continue
		}
		for range repeats {
			want = append(want, cs[c.Base].opts, cs[i].opts)
		}
		require.Equal(t, repeats, in.Runs[i].Repeats)
		require.Positive(t, in.Runs[i].Paired)
	}
	require.Equal(t, 2, defaults)
	require.Equal(t, want, log.calls)
}

// TestAblationHasTheTimeout (issue 40 item 2): every run of an
// ablation, the untimed warm-up of each default included, has the time
// limit of --timeout: a hard grid's ablation is many runs, each at most
// the limit.
func TestAblationHasTheTimeout(t *testing.T) {
	k, err := lookupKind("sudoku")
	require.NoError(t, err)
	base, err := contenders("dfs,sat", puzzlesat.Options{Timeout: 1500 * time.Millisecond})
	require.NoError(t, err)
	cs, configs := ablation(k.lib, base)
	log := &solveLog{Kind: k.lib}
	var p kind.Instance
	require.NoError(t, k.lib.Scan("grid", strings.NewReader(strings.Repeat(".", 81)+"\n"), kind.ScanOptions{}, func(x kind.Instance) error { p = x; return nil }))
	k.runAblation(context.Background(), log, cs, configs, item{file: "grid", kase: 1, p: p}, 1, time.Second)
	require.Greater(t, len(log.calls), len(cs), "a warm-up per default and a run per configuration at least")
	for _, o := range log.calls {
		require.Equal(t, 1500*time.Millisecond, o.Timeout)
	}
	_, errs, code := cli(t, "", "compare", "sudoku", "--ablate", "--repeats=-1", "/dev/null")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--repeats must be at least 1, got -1")
}

// TestCompareAblate runs compare --ablate on the sticks sample: a row per
// block and configuration, a summary row per configuration, and the
// summary as Markdown.
func TestCompareAblate(t *testing.T) {
	md := filepath.Join(t.TempDir(), "sticks.md")
	out, errs, code := cli(t, "", "compare", "sticks", "--ablate", "--markdown="+md, "../../kinds/sticks/testdata/sample.in")
	require.Equal(t, exitOK, code, errs)
	k, err := lookupKind("sticks")
	require.NoError(t, err)
	for _, p := range k.lib.Searches()[0].Prunings {
		require.Equal(t, 3, strings.Count(out, "dfs:-"+p.Name+" "), p.Name) // two blocks and the summary
	}
	require.Contains(t, out, "sat:sum=adder ")
	table, err := os.ReadFile(md)
	require.NoError(t, err)
	require.Regexp(t, "\\| `dfs -memo` \\| memo \\||No effect here.*`dfs -memo`", string(table), "a row, or named as having no effect")
	require.Contains(t, string(table), "| `dfs control` | control |")
}

// TestAblateExitCodes: in an ablation a timeout is a result, so a run
// whose every answer verified exits 0 even when every run timed out;
// outputs that cannot be written, or two outputs at one path, fail with
// exit 2 before any instance runs.
func TestAblateExitCodes(t *testing.T) {
	sample := "../../kinds/sticks/testdata/sample.in"
	out, errs, code := cli(t, "", "compare", "sticks", "--ablate", "--timeout=1ns", sample)
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "timeout")

	dir := t.TempDir()
	for name, args := range map[string][]string{
		"no such directory": {"--markdown=" + filepath.Join(dir, "no", "x.md")},
		"one path twice":    {"--markdown=" + filepath.Join(dir, "x"), "--json=" + filepath.Join(dir, "x")},
	} {
		t.Run(name, func(t *testing.T) {
			out, errs, code := cli(t, "", append(append([]string{"compare", "sticks", "--ablate"}, args...), sample)...)
			require.Contains(t, errs, args[len(args)-1][len("--"):strings.Index(args[len(args)-1], "=")])
			require.Equal(t, exitUsage, code, errs)
			require.Empty(t, out, "nothing ran")
			require.NoFileExists(t, filepath.Join(dir, "x"))
		})
	}
}
