package spec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/internal/ref/cryptbrute"
)

func TestSwitchesCryptarithm(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 21))
	var ps []cryptarithm.Instance
	for i := range 60 {
		base := 2 + rng.IntN(9)
		ps = append(ps, cryptbrute.Random(rng, base, 1+rng.IntN(min(base, 7)), 1+rng.IntN(5), 1+rng.IntN(5), i%3 != 0))
	}
	kindtest.CheckSwitches(t, theKind, 2, true, kindtest.Instances(ps))
}
