package gen_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/internal/ref/cryptbrute"
)

var cryptGenSizes = []struct {
	name                  string
	base, addends, width  int
	wantBase, wantAddends int
}{
	{"classic", 10, 2, 4, 10, 2},
	{"three addends", 10, 3, 5, 10, 3},
	{"base 16", 16, 2, 2, 16, 2},
	{"base 8, long words", 8, 2, 8, 8, 2},
	{"base 2", 2, 2, 6, 2, 2},
	{"clamped", 100, 0, 0, 16, 2},
}

// TestCryptarithmValid checks that generated puzzles parse back from their
// String, are reproducible and have exactly one answer by the brute force
// (where it applies).
func TestCryptarithmValid(t *testing.T) {
	for _, tc := range cryptGenSizes {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 13))
			again := rand.New(rand.NewPCG(1, 13))
			for range 5 {
				p, err := gen.Random(rng, tc.base, tc.addends, tc.width)
				if tc.name == "clamped" && err != nil {
					require.ErrorIs(t, err, gen.ErrNoUniquePuzzle)
					return
				}
				require.NoError(t, err)
				q, err := gen.Random(again, tc.base, tc.addends, tc.width)
				require.NoError(t, err)
				require.Equal(t, p, q, "same seed, same puzzle")
				require.Equal(t, tc.wantBase, p.Base)
				require.Len(t, p.Addends, tc.wantAddends)
				ps, err := cryptarithm.Parse("gen", strings.NewReader(p.String()), p.Base)
				require.NoError(t, err)
				require.Equal(t, []cryptarithm.Instance{p}, ps)
				if p.Base <= 16 && len(p.Sum) <= cryptbrute.MaxWord {
					require.Len(t, cryptbrute.Answers(p), 1, "%s", p.String())
				}
			}
		})
	}
}

func TestCryptarithmNoUniquePuzzle(t *testing.T) {
	if testing.Short() {
		t.Skip("spends the whole search budget, about 8 s")
	}
	// Eight addends of at most 3 letters in base 16: the four-digit sum
	// cannot pin down the many letters.
	_, err := gen.Random(rand.New(rand.NewPCG(2, 2)), 16, 8, 3)
	require.ErrorIs(t, err, gen.ErrNoUniquePuzzle)
}
