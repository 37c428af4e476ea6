package cats_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

var parseCatsTests = []puzzletest.Case[cats.Instance]{
	{Name: "statement sample", In: "5 1996\n1\n2\n1994\n12\n29\n", Want: []cats.Instance{{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}}},
	{Name: "back to back", In: "2 10 3 4 1 5\n5\n", Want: []cats.Instance{{W: 10, Weights: []int{3, 4}}, {W: 5, Weights: []int{5}}}},
	{Name: "CRLF, blanks, no final newline", In: "2 10\r\n 3\t4 \r\n\r\n1 7\r\n7", Want: []cats.Instance{{W: 10, Weights: []int{3, 4}}, {W: 7, Weights: []int{7}}}},
	{Name: "heavier than W is an instance", In: "1 5\n6\n", Want: []cats.Instance{{W: 5, Weights: []int{6}}}},
	{Name: "extremes", In: "1 1000000000\n1000000000\n", Want: []cats.Instance{{W: 1e9, Weights: []int{1e9}}}},
}

func TestParseCats(t *testing.T) {
	puzzletest.Run(t, cats.Parse, parseCatsTests, parseCatsErrors)
}

var parseCatsErrors = []puzzletest.Error{
	{Name: "empty", In: "", Line: 1, Msg: "expected N (the number of cats), got end of input"},
	{Name: "blank lines only", In: "\n\n", Line: 3, Msg: "expected N (the number of cats), got end of input"},
	{Name: "no W", In: "3\n", Line: 2, Msg: "expected W (the capacity of a car), got end of input"},
	{Name: "too few weights", In: "3 10\n1 2\n", Line: 3, Msg: "expected the weight of cat 3 of 3, got end of input"},
	{Name: "zero cats", In: "0 10\n", Line: 1, Msg: `expected N (the number of cats), a whole number 1..1000, got "0"`},
	{Name: "too many cats", In: "1001 10\n", Line: 1, Msg: "N (the number of cats) is 1001: at most 1000 is supported"},
	{Name: "N overflows", In: "99999999999999999999 10\n", Line: 1, Msg: "N (the number of cats) is 99999999999999999999: at most 1000 is supported"},
	{Name: "W zero", In: "1 0\n1\n", Line: 1, Msg: `expected W (the capacity of a car), a whole number 1..1000000000, got "0"`},
	{Name: "W too large", In: "1 1000000001\n1\n", Line: 1, Msg: "W (the capacity of a car) is 1000000001: at most 1000000000 is supported"},
	{Name: "weight zero", In: "2 10\n1 0\n", Line: 2, Msg: `expected the weight of cat 2 of 2, a whole number 1..1000000000, got "0"`},
	{Name: "weight negative", In: "2 10\n1\n-4\n", Line: 3, Msg: `expected the weight of cat 2 of 2, a whole number 1..1000000000, got "-4"`},
	{Name: "weight huge negative", In: "1 10\n-99999999999999999999\n", Line: 2, Msg: `expected the weight of cat 1 of 1, a whole number 1..1000000000, got "-99999999999999999999"`},
	{Name: "weight too large", In: "1 10\n1000000001\n", Line: 2, Msg: "the weight of cat 1 of 1 is 1000000001: at most 1000000000 is supported"},
	{Name: "weight not a number", In: "2 10\n1 x\n", Line: 2, Msg: `expected the weight of cat 2 of 2, a whole number 1..1000000000, got "x"`},
	{Name: "weight fractional", In: "1 10\n2.5\n", Line: 2, Msg: `expected the weight of cat 1 of 1, a whole number 1..1000000000, got "2.5"`},
	{Name: "second instance bad", In: "1 10\n5\n\n2 x\n", Line: 4, Msg: `expected W (the capacity of a car), a whole number 1..1000000000, got "x"`},
}

var (
	catsSample       = cats.Instance{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}
	catsSampleAnswer = cats.Answer{Cars: [][]int{{2, 0}, {1, 3, 4}}}
)

func TestCatsStringFormat(t *testing.T) {
	require.Equal(t, "5 1996\n1 2 1994 12 29\n", catsSample.String())
	got, err := cats.Parse("in", strings.NewReader(catsSample.String()))
	require.NoError(t, err)
	require.Equal(t, []cats.Instance{catsSample}, got)
	require.Equal(t, "2\n", catsSample.Format(catsSampleAnswer))
	require.Equal(t, "no solution\n", catsSample.Fail("no solution"))
	require.Equal(t, "# car 1: 1994 [3] 1 [1]\n# car 2: 2 [2] 12 [4] 29 [5]\n", catsSample.Certificate(catsSampleAnswer))
}

var catsLowerBoundTests = []struct {
	name string
	p    cats.Instance
	want int
}{
	{"sample", catsSample, 2},
	{"by the sum", cats.Instance{W: 10, Weights: []int{4, 4, 4, 4, 4}}, 2},
	{"by the heavy cats", cats.Instance{W: 10, Weights: []int{6, 6, 6, 1}}, 3},
	{"exactly half is not heavy", cats.Instance{W: 10, Weights: []int{5, 5, 5, 5}}, 2},
	// a = 5: the 6s take no 5, and the 5s need a car of their own.
	{"Martello and Toth's L2", cats.Instance{W: 10, Weights: []int{6, 6, 6, 5, 5}}, 4},
	{"no cats", cats.Instance{W: 10}, 0},
}

func TestCatsLowerBound(t *testing.T) {
	for _, tc := range catsLowerBoundTests {
		require.Equal(t, tc.want, tc.p.LowerBound(), tc.name)
	}
}

// TestCatsLowerBoundRandom checks on 600 random instances that the bound
// never passes the optimum of the subset DP, and holds ceil(sum/W).
func TestCatsLowerBoundRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range 600 {
		p := catsref.Random(rng, 1+rng.IntN(12), []int{10, 100, 1e9}[i%3], i%3)
		sum := 0
		for _, v := range p.Weights {
			sum += v
		}
		lb := p.LowerBound()
		require.LessOrEqual(t, lb, catsref.Cars(p), p.String())
		require.GreaterOrEqual(t, lb, (sum+p.W-1)/p.W, p.String())
	}
}

var catsMutations = []struct {
	name   string
	mutate func(a *cats.Answer)
	msg    string
}{
	{"overloaded car", func(a *cats.Answer) { a.Cars[0] = append(a.Cars[0], a.Cars[1][0]); a.Cars[1] = a.Cars[1][1:] },
		"cats: car 1 carries 1997, more than 1996"},
	{"cat twice", func(a *cats.Answer) { a.Cars[1] = append(a.Cars[1], 0) }, "cats: cat 1 is in car 1 and car 2"},
	{"cat missing", func(a *cats.Answer) { a.Cars[1] = a.Cars[1][:2] }, "cats: cat 5 (weight 29) is in no car"},
	{"unknown cat", func(a *cats.Answer) { a.Cars[1][0] = 5 }, "cats: car 2 holds cat 6, but there are 5 cats"},
	{"negative cat", func(a *cats.Answer) { a.Cars[1][0] = -1 }, "cats: car 2 holds cat 0, but there are 5 cats"},
	{"empty car", func(a *cats.Answer) { a.Cars = append(a.Cars, nil) }, "cats: car 3 is empty"},
	{"no cars", func(a *cats.Answer) { a.Cars = nil }, "cats: cat 1 (weight 1) is in no car"},
}

func TestCatsVerify(t *testing.T) {
	require.NoError(t, catsSample.Verify(catsSampleAnswer))
	for _, tc := range catsMutations {
		t.Run(tc.name, func(t *testing.T) {
			a := cats.Answer{}
			for _, c := range catsSampleAnswer.Cars {
				a.Cars = append(a.Cars, slices.Clone(c))
			}
			tc.mutate(&a)
			require.EqualError(t, catsSample.Verify(a), tc.msg)
		})
	}
}

func FuzzParseCats(f *testing.F) {
	for _, tc := range parseCatsTests {
		f.Add(tc.In)
	}
	for _, tc := range parseCatsErrors {
		f.Add(tc.In)
	}
	f.Add("3 1000000000\n" + strings.Repeat("1000000000 ", 3))
	f.Add("1000 1\n1 2\n") // N promises far more than the input holds
	for _, in := range puzzletest.FuzzSeeds(catsInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := cats.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Nil(t, ps)
			require.NotContains(t, err.Error(), "\n")
			return
		}
		require.NotEmpty(t, ps)
		for _, p := range ps {
			require.True(t, p.W >= 1 && p.W <= cats.MaxWeight, "W %d", p.W)
			require.True(t, len(p.Weights) >= 1 && len(p.Weights) <= cats.MaxCats, "N %d", len(p.Weights))
			for _, v := range p.Weights {
				require.True(t, v >= 1 && v <= cats.MaxWeight, "weight %d", v)
			}
			again, err := cats.Parse("again", strings.NewReader(p.String()))
			require.NoError(t, err)
			require.Equal(t, []cats.Instance{p}, again)
		}
	})
}

// catsInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var catsInputs = puzzletest.Sample{
	Good: "5 1996\n1\n2\n1994\n12\n29\n2 10\n3 4\n",
	Bad:  "2 10\n3 4\n1 10\n0\n",
	Msg:  "expected the weight of cat 1 of 1, a whole number 1..1000000000, got \"0\"",
}

func TestParseCatsLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, cats.Parse, catsInputs)
}

func TestParseCatsLongLines(t *testing.T) {
	puzzletest.LongLines(t, cats.Parse, catsInputs)
}
