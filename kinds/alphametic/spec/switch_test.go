package spec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/gen"
)

func TestSwitchesAlphametic(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 21))
	ps := []alphametic.Instance{
		{N: 3, Words: [3]string{"AAB", "BBC", "AAC"}},       // two answers
		{N: 5, Words: [3]string{"ABCDE", "AAAAA", "ABCDE"}}, // 24
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}},    // none
	}
	for range 40 {
		ps = append(ps, gen.Random(rng, 3+rng.IntN(5)))
	}
	kindtest.CheckSwitches(t, theKind, 1, true, kindtest.Instances(ps))
}
