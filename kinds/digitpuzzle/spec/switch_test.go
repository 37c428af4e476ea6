package spec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
)

func TestSwitchesDigitPuzzle(t *testing.T) {
	rng := rand.New(rand.NewPCG(12107, 21))
	var ps []digitpuzzle.Instance
	for i := range 40 {
		p := gen.Random(rng)
		if i%2 == 0 {
			a := digitbrute.RandomPattern(rng, 0.5)
			p = digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C}
		}
		ps = append(ps, p)
	}
	kindtest.CheckSwitches(t, theKind, 3, false, kindtest.Instances(ps))
}
