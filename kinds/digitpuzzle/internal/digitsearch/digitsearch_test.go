package digitsearch_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/digitsearch"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

func TestSearchStatementSample(t *testing.T) {
	ps, want := digitbrute.Sample(t)
	var out strings.Builder
	for _, p := range ps {
		a, _, err := digitsearch.Search[trace.Uncounted](context.Background(), p, technique.Set{}.Bits(digitsearch.Prunings), nil, digitbrute.Unique)
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		out.WriteString(p.Format(a))
	}
	require.Equal(t, want, out.String())
}

// TestSearchLengthTriples checks, for every length triple, that Search
// says ErrNoSolution exactly when no product has those lengths.
func TestSearchLengthTriples(t *testing.T) {
	for la := 1; la <= 2; la++ {
		for lb := 1; lb <= 2; lb++ {
			for lc := 1; lc <= 4; lc++ {
				p := digitpuzzle.Instance{A: strings.Repeat("*", la), B: strings.Repeat("*", lb), C: strings.Repeat("*", lc)}
				a, _, err := digitsearch.Search[trace.Uncounted](context.Background(), p, technique.Set{}.Bits(digitsearch.Prunings), nil, digitbrute.Unique)
				if digitbrute.Count(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, 0) == 0 {
					require.ErrorIs(t, err, puzzle.ErrNoSolution, "Search(%+v)", p)
					require.False(t, digitpuzzle.Admits(la, lb, lc), "DigitAdmits(%d, %d, %d)", la, lb, lc)
					continue
				}
				require.True(t, digitpuzzle.Admits(la, lb, lc), "DigitAdmits(%d, %d, %d)", la, lb, lc)
				require.NoError(t, err, "Search(%+v)", p)
				require.NoError(t, p.Verify(a))
			}
		}
	}
}

func TestSearchErrors(t *testing.T) {
	p := digitpuzzle.Instance{A: "**", B: "**", C: "****"}
	boom := errors.New("boom")
	_, _, err := digitsearch.Search[trace.Uncounted](context.Background(), p, technique.Set{}.Bits(digitsearch.Prunings), nil, func(digitpuzzle.Answer) (bool, error) { return false, boom })
	require.ErrorIs(t, err, boom)

	// An oracle that never says yes is wrong: Search says so, not "no solution".
	never := func(digitpuzzle.Answer) (bool, error) { return false, nil }
	_, _, err = digitsearch.Search[trace.Uncounted](context.Background(), digitpuzzle.Instance{A: "*", B: "*", C: "*"}, technique.Set{}.Bits(digitsearch.Prunings), nil, never)
	require.Error(t, err)
	require.NotErrorIs(t, err, puzzle.ErrNoSolution)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = digitsearch.Search[trace.Uncounted](ctx, p, technique.Set{}.Bits(digitsearch.Prunings), nil, never)
	require.ErrorIs(t, err, context.Canceled)

	_, _, err = digitsearch.Search[trace.Uncounted](context.Background(), digitpuzzle.Instance{A: "1", B: "a", C: "1"}, technique.Set{}.Bits(digitsearch.Prunings), nil, digitbrute.Unique)
	require.Error(t, err)
	require.NotErrorIs(t, err, puzzle.ErrNoSolution)
}
