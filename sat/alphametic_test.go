package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/encode"
	"puzzlesat/internal/ref/judgedata"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// readAlphametic returns official point i and its expected answer.
func readAlphametic(tb testing.TB, i int) (puzzle.Alphametic, []string) {
	tb.Helper()
	ps, want := judgedata.Case(tb, puzzle.ParseAlphametic, "alphametic", fmt.Sprintf("alpha%d.in", i), fmt.Sprintf("alpha%d.ans", i))
	require.Len(tb, ps, 1)
	return ps[0], strings.Fields(want)
}

func TestAlphameticJudgeData(t *testing.T) {
	for i := 1; i <= 10; i++ {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			p, want := readAlphametic(t, i)
			a, st, err := solver.Find(context.Background(), encode.Alphametic(p), solver.Config{})
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
				if _, _, err := solver.Find(context.Background(), encode.Alphametic(p), solver.Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAlphameticAdders compares the two column encodings on the
// official points (solve time only; the report prints conflicts).
func BenchmarkAlphameticAdders(b *testing.B) {
	for _, enc := range []struct {
		name  string
		adder encode.AlphameticAdder
	}{{"binary", encode.BinaryColumns}, {"direct", encode.DirectColumns}} {
		b.Run(enc.name, func(b *testing.B) {
			var conflicts int64
			for b.Loop() {
				conflicts = 0
				for i := 1; i <= 10; i++ {
					p, _ := readAlphametic(b, i)
					q := encode.AlphameticWith(p, enc.adder)
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
