package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/internal/ref/cryptbrute"
	"puzzlesat/native"
	"puzzlesat/puzzle"
)

func TestCryptarithmFixtures(t *testing.T) {
	for _, name := range []string{"sample", "exercism"} {
		ps, want := cryptbrute.Fixture(t, name)
		for i, p := range ps {
			a, st, err := native.Cryptarithm(context.Background(), p)
			if want[i] == "no solution" {
				require.ErrorIs(t, err, puzzle.ErrNoSolution, "%s %d", name, i+1)
				continue
			}
			require.NoError(t, err, "%s %d", name, i+1)
			require.NoError(t, p.Verify(a))
			require.Equal(t, want[i]+"\n", p.Format(a), "%s %d, %d nodes", name, i+1, st.Nodes)
			n, _, err := native.CountCryptarithm(context.Background(), p, 0)
			require.NoError(t, err)
			require.Equal(t, 1, n, "%s %d has one answer", name, i+1)
		}
	}
}

func TestCryptarithmFortresses(t *testing.T) {
	ps, want := cryptbrute.Fixture(t, "fortresses")
	require.Len(t, ps[0].Addends, 199)
	a, st, err := native.Cryptarithm(context.Background(), ps[0])
	require.NoError(t, err)
	require.Equal(t, want[0]+"\n", ps[0].Format(a))
	t.Logf("%d nodes", st.Nodes)
}

func crypt(base int, sum string, addends ...string) puzzle.Cryptarithm {
	return puzzle.Cryptarithm{Base: base, Addends: addends, Sum: sum}
}

func TestCountCryptarithm(t *testing.T) {
	for _, tc := range cryptbrute.CountCases {
		t.Run(tc.Name, func(t *testing.T) {
			if len(tc.P.Sum) <= cryptbrute.MaxWord && tc.P.Base <= 16 {
				require.Len(t, cryptbrute.Answers(tc.P), tc.Want, "brute force")
			}
			n, _, err := native.CountCryptarithm(context.Background(), tc.P, 0)
			require.NoError(t, err)
			require.Equal(t, tc.Want, n)
			n, _, err = native.CountCryptarithm(context.Background(), tc.P, 2)
			require.NoError(t, err)
			require.Equal(t, min(tc.Want, 2), n, "limit 2")
			a, _, err := native.Cryptarithm(context.Background(), tc.P)
			if tc.Want == 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				return
			}
			require.NoError(t, err)
			require.NoError(t, tc.P.Verify(a))
		})
	}
}

// TestCryptarithmRandom compares the search with the brute force on 600
// random puzzles: counts, and the first answer among the brute force's.
func TestCryptarithmRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	solvable := 0
	for i := range 600 {
		base := 2 + rng.IntN(9)
		n := 1 + rng.IntN(min(base, 7))
		p := cryptbrute.Random(rng, base, n, 1+rng.IntN(5), 1+rng.IntN(5), i%3 != 0)
		want := cryptbrute.Answers(p)
		got, _, err := native.CountCryptarithm(context.Background(), p, 0)
		require.NoError(t, err)
		require.Equal(t, len(want), got, "count %d base %d: %s", i, base, p.String())
		a, _, err := native.Cryptarithm(context.Background(), p)
		if len(want) == 0 {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "%d: %s", i, p.String())
			continue
		}
		solvable++
		require.NoError(t, err)
		require.NoError(t, p.Verify(a), "%d: %s", i, p.String())
		require.Contains(t, want, a.Digits)
	}
	t.Logf("%d of 600 have an answer", solvable)
	require.Greater(t, solvable, 300)
}

func TestCryptarithmCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := native.CountCryptarithm(ctx, crypt(10, "ABCDEFGHIJ", "A", "B", "C"), 0)
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = native.Cryptarithm(ctx, sendMoreMoney())
	require.ErrorIs(t, err, context.Canceled)
}

func sendMoreMoney() puzzle.Cryptarithm { return crypt(10, "MONEY", "SEND", "MORE") }

func TestCryptarithmManyAnswers(t *testing.T) {
	ps, want := cryptbrute.ManyCounts(t)
	for i, p := range ps {
		n, st, err := native.CountCryptarithm(context.Background(), p, 0)
		require.NoError(t, err)
		require.Equal(t, want[i], n, "puzzle %d, %d nodes", i+1, st.Nodes)
		n, _, err = native.CountCryptarithm(context.Background(), p, 50)
		require.NoError(t, err)
		require.Equal(t, 50, n, "limit 50")
	}
}

func BenchmarkCryptarithm(b *testing.B) {
	ps, _ := cryptbrute.Fixture(b, "fortresses")
	many, _ := cryptbrute.ManyCounts(b)
	bench := func(name string, p puzzle.Cryptarithm, limit int) {
		b.Run(name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				_, st, err := native.CountCryptarithm(context.Background(), p, limit)
				require.NoError(b, err)
				nodes = st.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
	bench("fortresses", ps[0], 1)
	bench("fortresses-count", ps[0], 0)
	for i, p := range many {
		bench(fmt.Sprintf("many%d-count", i+1), p, 0)
	}
}
