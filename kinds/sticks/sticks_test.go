package sticks_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

var parseSticksTests = []puzzletest.Case[sticks.Instance]{
	{Name: "statement sample", In: "9\n5 2 1 5 2 1 5 2 1\n4\n1 2 3 4\n0\n", Want: []sticks.Instance{
		{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}, {Pieces: []int{1, 2, 3, 4}}}},
	{Name: "CRLF", In: "2\r\n3 4\r\n0\r\n", Want: []sticks.Instance{{Pieces: []int{3, 4}}}},
	{Name: "trailing blanks", In: "2  \n3 4 \t\n0 \n", Want: []sticks.Instance{{Pieces: []int{3, 4}}}},
	{Name: "no final newline", In: "2\n3 4\n0", Want: []sticks.Instance{{Pieces: []int{3, 4}}}},
	{Name: "no closing 0", In: "2\n3 4\n", Want: []sticks.Instance{{Pieces: []int{3, 4}}}},
	{Name: "lengths wrap over lines", In: "5\n1 2\n3\n\n4 5\n0\n", Want: []sticks.Instance{{Pieces: []int{1, 2, 3, 4, 5}}}},
	{Name: "count and lengths on one line", In: "3 7 8 9 0", Want: []sticks.Instance{{Pieces: []int{7, 8, 9}}}},
	{Name: "text after the 0 is ignored", In: "1\n5\n0\nanything\n", Want: []sticks.Instance{{Pieces: []int{5}}}},
	{Name: "lengths above 50", In: "2\n64 10000\n0\n", Want: []sticks.Instance{{Pieces: []int{64, 10000}}}},
}

func TestParseSticks(t *testing.T) {
	puzzletest.Run(t, sticks.Parse, parseSticksTests, parseSticksErrors)
}

var parseSticksErrors = []puzzletest.Error{
	{Name: "fewer lengths than the count", In: "5\n1 2 3\n", Line: 3, Msg: "expected piece 4 of 5, got end of input"},
	{Name: "fewer lengths, then the 0", In: "5\n1 2 3\n0\n", Line: 3, Msg: `expected piece 4 of 5 (a length 1..10000), got "0"`},
	{Name: "zero length", In: "3\n4 0 4\n0\n", Line: 2, Msg: `expected piece 2 of 3 (a length 1..10000), got "0"`},
	{Name: "negative length", In: "3\n4\n4 -4\n0\n", Line: 3, Msg: `expected piece 3 of 3 (a length 1..10000), got "-4"`},
	{Name: "non-numeric length", In: "2\n4 x\n0\n", Line: 2, Msg: `expected piece 2 of 2 (a length 1..10000), got "x"`},
	{Name: "fractional length", In: "2\n4 2.5\n0\n", Line: 2, Msg: `expected piece 2 of 2 (a length 1..10000), got "2.5"`},
	{Name: "huge negative length", In: "1\n-99999999999999999999\n", Line: 2, Msg: `expected piece 1 of 1 (a length 1..10000), got "-99999999999999999999"`},
	{Name: "length too long", In: "2\n4 10001\n0\n", Line: 2, Msg: "piece 2 of 2 is 10001 long: at most 10000 is supported"},
	{Name: "length overflows", In: "1\n99999999999999999999\n", Line: 2, Msg: "piece 1 of 1 is 99999999999999999999 long: at most 10000 is supported"},
	{Name: "negative count", In: "-2\n1 2\n", Line: 1, Msg: `expected a piece count (0 ends the input), got "-2"`},
	{Name: "non-numeric count", In: "2\n1 1\nx\n", Line: 3, Msg: `expected a piece count (0 ends the input), got "x"`},
	{Name: "too many pieces", In: "1001\n", Line: 1, Msg: "block of 1001 pieces: at most 1000 are supported"},
	{Name: "count overflows", In: "99999999999999999999\n", Line: 1, Msg: "block of 99999999999999999999 pieces: at most 1000 are supported"},
	{Name: "int64 extremes", In: "1\n-9223372036854775808\n", Line: 2, Msg: `expected piece 1 of 1 (a length 1..10000), got "-9223372036854775808"`},
	{Name: "only the 0", In: "\n0\n", Line: 2, Msg: `expected a block (a piece count, then the pieces), got "0", which ends the input`},
	{Name: "empty", In: "", Line: 1, Msg: "expected a block (a piece count, then the pieces), got end of input"},
	{Name: "long count cut", In: strings.Repeat("9", 100000) + "\n", Line: 1, Msg: "block of " + strings.Repeat("9", 40) + "... pieces: at most 1000 are supported"},
	{Name: "second block bad", In: "1\n5\n\n2\n5 five\n0\n", Line: 5, Msg: `expected piece 2 of 2 (a length 1..10000), got "five"`},
}

func TestSticksString(t *testing.T) {
	p := sticks.Instance{Pieces: []int{5, 2, 1, 64}}
	require.Equal(t, "4\n5 2 1 64\n", p.String())
	got, err := sticks.Parse("in", strings.NewReader(p.String()+"0\n"))
	require.NoError(t, err)
	require.Equal(t, []sticks.Instance{p}, got)
}

func TestSticksDropLonger(t *testing.T) {
	p := sticks.Instance{Pieces: []int{51, 50, 7, 64, 1}}
	got, n := p.DropLonger(50)
	require.Equal(t, sticks.Instance{Pieces: []int{50, 7, 1}}, got)
	require.Equal(t, 2, n)
	require.Equal(t, []int{51, 50, 7, 64, 1}, p.Pieces, "DropLonger must not change p")
	got, n = p.DropLonger(0)
	require.Empty(t, got.Pieces)
	require.Equal(t, 5, n)
}

// sticksSample is the first statement block with an answer of length 6.
var (
	sticksSample       = sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	sticksSampleAnswer = sticks.Answer{Length: 6, Sticks: [][]int{{5, 1}, {5, 1}, {5, 1}, {2, 2, 2}}}
)

func TestSticksFormat(t *testing.T) {
	require.Equal(t, "6\n", sticksSample.Format(sticksSampleAnswer))
	require.Equal(t, "no solution\n", sticksSample.Fail("no solution"))
	require.Equal(t, "timeout\n", sticksSample.Fail("timeout"))
	require.Equal(t, "# stick 1: 5 1\n# stick 2: 5 1\n# stick 3: 5 1\n# stick 4: 2 2 2\n",
		sticksSample.Certificate(sticksSampleAnswer))
}

// sticksMutations turn a correct answer into wrong ones.
var sticksMutations = []struct {
	name   string
	mutate func(a *sticks.Answer)
	msg    string
}{
	{"length off by one", func(a *sticks.Answer) { a.Length++ }, "stick 1 sums to 6, want 7"},
	{"length zero", func(a *sticks.Answer) { a.Length = 0 }, "stick length 0 is not positive"},
	{"piece moved to another stick", func(a *sticks.Answer) {
		a.Sticks[0], a.Sticks[1] = a.Sticks[0][:1], append(a.Sticks[1], a.Sticks[0][1])
	}, "stick 1 sums to 5, want 6"},
	{"piece dropped with its stick", func(a *sticks.Answer) { a.Sticks = a.Sticks[:3] },
		"the sticks use 0 pieces of length 2, the block has 3"},
	{"extra stick", func(a *sticks.Answer) { a.Sticks = append(a.Sticks, []int{6}) },
		"the sticks use 1 pieces of length 6, the block has 0"},
	{"pieces swapped for others of the same sum", func(a *sticks.Answer) { a.Sticks[3] = []int{3, 3} },
		"the sticks use 0 pieces of length 2, the block has 3"},
	{"stick doubled", func(a *sticks.Answer) { a.Sticks[3] = a.Sticks[0] },
		"the sticks use 4 pieces of length 1, the block has 3"},
	{"empty stick", func(a *sticks.Answer) { a.Sticks = append(a.Sticks, nil) }, "stick 5 sums to 0, want 6"},
	{"no sticks", func(a *sticks.Answer) { a.Sticks = nil }, "the sticks use 0 pieces of length 1, the block has 3"},
	{"negative piece", func(a *sticks.Answer) { a.Sticks[3] = []int{2, 2, 3, -1} },
		"the sticks use 1 pieces of length -1, the block has 0"},
}

func TestSticksVerify(t *testing.T) {
	require.NoError(t, sticksSample.Verify(sticksSampleAnswer))
	for _, tc := range sticksMutations {
		t.Run(tc.name, func(t *testing.T) {
			a := sticks.Answer{Length: sticksSampleAnswer.Length}
			for _, s := range sticksSampleAnswer.Sticks {
				a.Sticks = append(a.Sticks, slices.Clone(s))
			}
			tc.mutate(&a)
			require.EqualError(t, sticksSample.Verify(a), tc.msg)
		})
	}
}

func FuzzParseSticks(f *testing.F) {
	for _, tc := range parseSticksTests {
		f.Add(tc.In)
	}
	for _, tc := range parseSticksErrors {
		f.Add(tc.In)
	}
	for _, in := range puzzletest.FuzzSeeds(sticksInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := sticks.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Nil(t, ps)
			return
		}
		for _, p := range ps {
			require.NotEmpty(t, p.Pieces)
			require.LessOrEqual(t, len(p.Pieces), sticks.MaxPieces)
			for _, v := range p.Pieces {
				require.True(t, v >= 1 && v <= sticks.MaxPiece, "piece %d", v)
			}
			again, err := sticks.Parse("again", strings.NewReader(p.String()))
			require.NoError(t, err)
			require.Equal(t, []sticks.Instance{p}, again)
		}
	})
}

// sticksInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var sticksInputs = puzzletest.Sample{
	Good: "9\n5 2 1 5 2 1\n5 2 1\n4\n1 2 3 4\n0\n",
	Bad:  "4\n1 2 3\nx\n",
	Msg:  `expected piece 4 of 4 (a length 1..10000), got "x"`,
}

func TestParseSticksLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, sticks.Parse, sticksInputs)
}

func TestParseSticksLongLines(t *testing.T) {
	puzzletest.LongLines(t, sticks.Parse, sticksInputs)
}
