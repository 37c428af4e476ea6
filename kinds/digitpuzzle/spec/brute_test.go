package spec_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestGeneratedAgainstBruteForce solves generated puzzles with both
// backends, which compare their answers, and checks them against the
// brute force, as the command prints them; then counts the patterns as
// given. Every generated pattern has lengths that admit a product.
func TestGeneratedAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12107, 0))
	both := puzzlesat.Options{Backend: puzzlesat.Both}
	for range 150 {
		q, err := theKind.Kind.(kind.Generator).Generate(rng, kind.GenValues{})
		require.NoError(t, err)
		p := q.(digitpuzzle.Instance)
		require.NotEmpty(t, digitbrute.Products(len(p.A), len(p.B), len(p.C)), "lengths of %v admit a product", p)
		a, _, err := theKind.Solve(ctx, p, both)
		want, ok := digitbrute.Solve(p)
		if !ok {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "%v", p)
			continue
		}
		require.NoError(t, err, "%v", p)
		require.Equal(t, p.Format(want), a.Text, "%v", p)
		n, _, err := theKind.Count(ctx, p, 5, both)
		require.NoError(t, err, "%v", p)
		require.Equal(t, digitbrute.Count(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, 5), n, "%v", p)
	}
}

// TestLeadingZeroAgainstBruteForce: a leading zero in B or C is no input
// error; the search changes it, and a line "0 5 0" is a puzzle, not the
// end.
func TestLeadingZeroAgainstBruteForce(t *testing.T) {
	ps, err := theKind.Parse("input", strings.NewReader("1* 05 0**\n0 5 0\n9 09 0*\n0\n"), kind.ScanOptions{})
	require.NoError(t, err)
	require.Len(t, ps, 3)
	for _, q := range ps {
		p := q.(digitpuzzle.Instance)
		want, ok := digitbrute.Solve(p)
		require.True(t, ok, "%v", p)
		a, _, err := theKind.Solve(context.Background(), p, puzzlesat.Options{Backend: puzzlesat.Both})
		require.NoError(t, err)
		require.Equal(t, p.Format(want), a.Text)
	}
}
