package cake_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

var parseCakeTests = []puzzletest.Case[cake.Instance]{
	{Name: "judge layout", In: "100\n2", Want: []cake.Instance{{Volume: 100, Layers: 2}}},
	{Name: "one line", In: "100 2\n", Want: []cake.Instance{{Volume: 100, Layers: 2}}},
	{Name: "CRLF", In: "100\r\n2\r\n", Want: []cake.Instance{{Volume: 100, Layers: 2}}},
	{Name: "trailing blanks", In: "100  \t\n2 \n\n", Want: []cake.Instance{{Volume: 100, Layers: 2}}},
	{Name: "several pairs", In: "100\n2\n10000 1\n\n  1\t20", Want: []cake.Instance{{Volume: 100, Layers: 2}, {Volume: 10000, Layers: 1}, {Volume: 1, Layers: 20}}},
	{Name: "leading blank lines", In: "\n\n9397\n10", Want: []cake.Instance{{Volume: 9397, Layers: 10}}},
	{Name: "leading zeros and plus", In: "0100\n+2", Want: []cake.Instance{{Volume: 100, Layers: 2}}},
}

func TestParseCake(t *testing.T) {
	puzzletest.Run(t, cake.Parse, parseCakeTests, parseCakeErrors)
}

var parseCakeErrors = []puzzletest.Error{
	{Name: "empty", In: "", Line: 1, Msg: "expected volume N and layer count M, got end of input"},
	{Name: "blank lines only", In: "\n \n", Line: 3, Msg: "expected volume N and layer count M, got end of input"},
	{Name: "lone N", In: "100", Line: 1, Msg: "expected layer count M after volume 100, got end of input"},
	{Name: "lone N after a pair", In: "100\n2\n50", Line: 3, Msg: "expected layer count M after volume 50, got end of input"},
	{Name: "lone N then blank lines", In: "100 2\n50\n\n\n", Line: 2, Msg: "expected layer count M after volume 50, got end of input"},
	{Name: "N zero", In: "0\n2", Line: 1, Msg: "volume N 0 out of range 1..10000"},
	{Name: "N negative", In: "-1\n2", Line: 1, Msg: "volume N -1 out of range 1..10000"},
	{Name: "N too big", In: "10001\n2", Line: 1, Msg: "volume N 10001 out of range 1..10000"},
	{Name: "N huge", In: "99999999999999999999999\n2", Line: 1, Msg: "volume N 99999999999999999999999 out of range 1..10000"},
	{Name: "M int64 maximum", In: "100 9223372036854775807\n", Line: 1, Msg: "layer count M 9223372036854775807 out of range 1..20"},
	{Name: "M int64 minimum", In: "100\n-9223372036854775808\n", Line: 2, Msg: "layer count M -9223372036854775808 out of range 1..20"},
	{Name: "M below int64", In: "100\n-9223372036854775809", Line: 2, Msg: "layer count M -9223372036854775809 out of range 1..20"},
	{Name: "M plus sign garbage", In: "100\n+-1", Line: 2, Msg: `expected layer count M, got "+-1"`},
	{Name: "N not a number", In: "abc\n2", Line: 1, Msg: `expected volume N, got "abc"`},
	{Name: "M zero", In: "100\n0", Line: 2, Msg: "layer count M 0 out of range 1..20"},
	{Name: "M too big", In: "100\n21", Line: 2, Msg: "layer count M 21 out of range 1..20"},
	{Name: "M not a number", In: "100\n2x", Line: 2, Msg: `expected layer count M, got "2x"`},
	{Name: "M a fraction", In: "100 2\n30\n1.5", Line: 3, Msg: `expected layer count M, got "1.5"`},
	{Name: "second pair bad", In: "100 2\n\n7 x", Line: 3, Msg: `expected layer count M, got "x"`},
	{Name: "int64 extremes", In: "9223372036854775807 -9223372036854775808", Line: 1, Msg: "volume N 9223372036854775807 out of range 1..10000"},
	{Name: "int64 minimum", In: "100 -9223372036854775808", Line: 1, Msg: "layer count M -9223372036854775808 out of range 1..20"},
	{Name: "long token cut", In: strings.Repeat("x", 100000), Line: 1, Msg: `expected volume N, got "` + strings.Repeat("x", 40) + `"...`},
}

// cakeSample is the statement sample 100 2 with its optimum 68.
var (
	cakeSample       = cake.Instance{Volume: 100, Layers: 2}
	cakeSampleAnswer = cake.Answer{Area: 68, Layers: []cake.Layer{{R: 4, H: 6}, {R: 2, H: 1}}}
)

func TestCakeVerify(t *testing.T) {
	require.NoError(t, cakeSample.Verify(cakeSampleAnswer))
	require.NoError(t, cakeSample.Verify(cake.Answer{}), "Area 0 is not checked for optimality")
	// A cake that is not the least one is still a cake.
	require.NoError(t, cakeSample.Verify(cake.Answer{Area: 72, Layers: []cake.Layer{{R: 4, H: 6}, {R: 1, H: 4}}}))
	one := cake.Instance{Volume: 1, Layers: 1}
	require.NoError(t, one.Verify(cake.Answer{Area: 3, Layers: []cake.Layer{{R: 1, H: 1}}}))
}

var cakeMutations = []struct {
	name   string
	mutate func(a *cake.Answer)
}{
	{"area one more", func(a *cake.Answer) { a.Area++ }},
	{"area one less", func(a *cake.Answer) { a.Area-- }},
	{"area negative", func(a *cake.Answer) { a.Area = -68 }},
	{"area 0 with layers", func(a *cake.Answer) { a.Area = 0 }},
	{"no layers", func(a *cake.Answer) { a.Layers = nil }},
	{"a layer missing", func(a *cake.Answer) { a.Layers = a.Layers[:1] }},
	{"a layer too many", func(a *cake.Answer) { a.Layers = append(a.Layers, cake.Layer{R: 1, H: 1}) }},
	{"upside down", func(a *cake.Answer) { a.Layers[0], a.Layers[1] = a.Layers[1], a.Layers[0] }},
	{"equal radii", func(a *cake.Answer) { a.Layers[1].R = 4 }},
	{"equal heights", func(a *cake.Answer) { a.Layers[1].H = 6 }},
	{"top height 0", func(a *cake.Answer) { a.Layers[1].H = 0 }},
	{"top radius negative", func(a *cake.Answer) { a.Layers[1].R = -2 }},
	{"volume short", func(a *cake.Answer) { a.Layers[1] = cake.Layer{R: 1, H: 1} }},
	{"volume over", func(a *cake.Answer) { a.Layers[0].H = 7 }},
	{"radius that overflows R^2", func(a *cake.Answer) { a.Layers[0].R = 1 << 32 }},
	{"height that overflows R^2 H", func(a *cake.Answer) { a.Layers[0].H = 1 << 62 }},
	{"same volume other area", func(a *cake.Answer) { a.Layers[1] = cake.Layer{R: 1, H: 4} }},
}

func TestCakeVerifyRejects(t *testing.T) {
	for _, tc := range cakeMutations {
		t.Run(tc.name, func(t *testing.T) {
			a := cake.Answer{Area: cakeSampleAnswer.Area, Layers: append([]cake.Layer(nil), cakeSampleAnswer.Layers...)}
			tc.mutate(&a)
			require.Error(t, cakeSample.Verify(a), "Verify(%+v)", a)
		})
	}
}

func TestCakeOutput(t *testing.T) {
	require.Equal(t, "100\n2\n", cakeSample.String())
	require.Equal(t, "68\n", cakeSample.Format(cakeSampleAnswer))
	require.Equal(t, "0\n", cakeSample.Format(cake.Answer{}))
	require.Equal(t, "timeout\n", cakeSample.Fail("timeout"))
	require.Equal(t, "# layer 1: R=4 H=6\n# layer 2: R=2 H=1\n", cakeSample.Certificate(cakeSampleAnswer))
	none := cake.Instance{Volume: 10, Layers: 2}.Certificate(cake.Answer{})
	require.True(t, strings.HasPrefix(none, "# "), "%q", none)
}

func FuzzParseCake(f *testing.F) {
	for _, tc := range parseCakeTests {
		f.Add(tc.In)
	}
	for _, tc := range parseCakeErrors {
		f.Add(tc.In)
	}
	for _, in := range puzzletest.FuzzSeeds(cakeInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cakes, err := cake.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.True(t, errors.As(err, &pe), "%T %v", err, err)
			require.GreaterOrEqual(t, pe.Line, 1)
			return
		}
		require.NotEmpty(t, cakes)
		var b strings.Builder
		for _, p := range cakes {
			require.True(t, p.Volume >= 1 && p.Volume <= cake.MaxVolume && p.Layers >= 1 && p.Layers <= cake.MaxLayers, "%+v", p)
			b.WriteString(p.String())
		}
		again, err := cake.Parse("again", strings.NewReader(b.String()))
		require.NoError(t, err)
		require.Equal(t, cakes, again)
	})
}

// cakeInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var cakeInputs = puzzletest.Sample{
	Good: "100\n2\n 20 3\n",
	Bad:  "100 2\n20 0\n",
	Msg:  "layer count M 0 out of range 1..20",
}

func TestParseCakeLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, cake.Parse, cakeInputs)
}

func TestParseCakeLongLines(t *testing.T) {
	puzzletest.LongLines(t, cake.Parse, cakeInputs)
}
