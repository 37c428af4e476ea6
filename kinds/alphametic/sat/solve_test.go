package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/sat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// readAlphametic returns official point i and its expected answer.
func readAlphametic(tb testing.TB, i int) (alphametic.Instance, []string) {
	tb.Helper()
	ps, want := judgedata.Case(tb, alphametic.Parse, "alphametic", fmt.Sprintf("alpha%d.in", i), fmt.Sprintf("alpha%d.ans", i))
	require.Len(tb, ps, 1)
	return ps[0], strings.Fields(want)
}

func TestAlphameticJudgeData(t *testing.T) {
	for i := 1; i <= 10; i++ {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			p, want := readAlphametic(t, i)
			a, st, err := solver.Find(context.Background(), sat.Encode(p), solver.Config{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			require.Equal(t, want, strings.Fields(p.Format(a)))
			t.Logf("N=%d %s solves=%d conflicts=%d", p.N, st.Time, st.Solves, st.Conflicts)
		})
	}
}

func BenchmarkAlphametic(b *testing.B) {
	for i := 1; i <= 10; i++ {
		p, _ := readAlphametic(b, i)
		b.Run(fmt.Sprintf("alpha%d", i), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := solver.Find(context.Background(), sat.Encode(p), solver.Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAlphameticAdders compares the two column encodings on the
// official points (solve time only; the report prints conflicts).
func BenchmarkAlphameticAdders(b *testing.B) {
	for _, adder := range []sat.Adder{sat.BinaryColumns, sat.DirectColumns} {
		b.Run(adder.String(), func(b *testing.B) {
			var conflicts int64
			for b.Loop() {
				conflicts = 0
				for i := 1; i <= 10; i++ {
					p, _ := readAlphametic(b, i)
					q := sat.EncodeWith(p, sat.Encoding{Adder: adder})
					s := solver.New(q.Formula())
					st, err := s.Solve(context.Background())
					if err != nil || st != solver.Sat {
						b.Fatal(st, err)
					}
					a, err := q.Decode(s.Model())
					if err != nil || p.Verify(a) != nil {
						b.Fatal("wrong answer", err)
					}
					conflicts += s.Stats().Conflicts
				}
			}
			b.ReportMetric(float64(conflicts), "conflicts")
		})
	}
}

// alphameticPicks returns every combination of the options of
// Encodings, the default first, by its spec.
func alphameticPicks(t testing.TB) ([]string, []technique.Picks) {
	cs := sat.Encodings()
	var specs []string
	var picks []technique.Picks
	for _, adder := range cs[0].Options {
		for _, cover := range cs[1].Options {
			spec := "adder=" + adder + ",letter-per-digit=" + cover
			p, err := technique.ResolveEncoding(cs, spec)
			require.NoError(t, err)
			specs, picks = append(specs, spec), append(picks, p)
		}
	}
	return specs, picks
}

// TestAlphameticEncodings solves the official points and counts the
// answers of small puzzles with every encoding: the judge's answers, and
// the same counts as the default encoding's (which the root package's
// tests compare with the DFS).
func TestAlphameticEncodings(t *testing.T) {
	specs, picks := alphameticPicks(t)
	ctx := context.Background()
	small := []alphametic.Instance{
		{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}},
		{N: 3, Words: [3]string{"AAB", "BBC", "AAC"}},       // two answers
		{N: 5, Words: [3]string{"ABCDE", "AAAAA", "ABCDE"}}, // 24
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}},    // none
	}
	wantCounts := []int{1, 2, 24, 0}
	for i, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			for j := 1; j <= 10; j += 3 {
				p, want := readAlphametic(t, j)
				a, _, err := sat.Solve(ctx, p, solver.Config{}, picks[i])
				require.NoError(t, err)
				require.Equal(t, want, strings.Fields(p.Format(a)), "alpha%d", j)
			}
			for k, p := range small {
				n, _, err := sat.Count(ctx, p, 100, solver.Config{}, picks[i])
				require.NoError(t, err)
				require.Equal(t, wantCounts[k], n, "%+v", p)
				_, _, err = sat.Solve(ctx, p, solver.Config{}, picks[i])
				if wantCounts[k] == 0 {
					require.ErrorIs(t, err, puzzle.ErrNoSolution)
				} else {
					require.NoError(t, err)
				}
			}
		})
	}
}

// TestAlphameticEncodingsAreReal checks that each option away from the
// default changes the conflicts of solving some official point.
func TestAlphameticEncodingsAreReal(t *testing.T) {
	cs := sat.Encodings()
	for _, c := range cs {
		for _, o := range c.Options[1:] {
			t.Run(c.Point+"="+o, func(t *testing.T) {
				picks, err := technique.ResolveEncoding(cs, c.Point+"="+o)
				require.NoError(t, err)
				differ := false
				for i := 1; i <= 10 && !differ; i++ {
					p, _ := readAlphametic(t, i)
					_, st0, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					require.NoError(t, err)
					_, st1, err := sat.Solve(context.Background(), p, solver.Config{}, picks)
					require.NoError(t, err)
					differ = st0.Conflicts != st1.Conflicts
				}
				require.True(t, differ, "%s=%s changes no conflict count", c.Point, o)
			})
		}
	}
}
