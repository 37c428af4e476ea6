package puzzle_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

var parseSticksTests = []parseCase[puzzle.Sticks]{
	{"statement sample", "9\n5 2 1 5 2 1 5 2 1\n4\n1 2 3 4\n0\n", []puzzle.Sticks{
		{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}, {Pieces: []int{1, 2, 3, 4}}}},
	{"CRLF", "2\r\n3 4\r\n0\r\n", []puzzle.Sticks{{Pieces: []int{3, 4}}}},
	{"trailing blanks", "2  \n3 4 \t\n0 \n", []puzzle.Sticks{{Pieces: []int{3, 4}}}},
	{"no final newline", "2\n3 4\n0", []puzzle.Sticks{{Pieces: []int{3, 4}}}},
	{"no closing 0", "2\n3 4\n", []puzzle.Sticks{{Pieces: []int{3, 4}}}},
	{"lengths wrap over lines", "5\n1 2\n3\n\n4 5\n0\n", []puzzle.Sticks{{Pieces: []int{1, 2, 3, 4, 5}}}},
	{"count and lengths on one line", "3 7 8 9 0", []puzzle.Sticks{{Pieces: []int{7, 8, 9}}}},
	{"text after the 0 is ignored", "1\n5\n0\nanything\n", []puzzle.Sticks{{Pieces: []int{5}}}},
	{"lengths above 50", "2\n64 10000\n0\n", []puzzle.Sticks{{Pieces: []int{64, 10000}}}},
}

func TestParseSticks(t *testing.T) {
	testParse(t, puzzle.ParseSticks, parseSticksTests, parseSticksErrors)
}

var parseSticksErrors = []parseError{
	{"fewer lengths than the count", "5\n1 2 3\n", 3, "expected piece 4 of 5, got end of input"},
	{"fewer lengths, then the 0", "5\n1 2 3\n0\n", 3, `expected piece 4 of 5 (a length 1..10000), got "0"`},
	{"zero length", "3\n4 0 4\n0\n", 2, `expected piece 2 of 3 (a length 1..10000), got "0"`},
	{"negative length", "3\n4\n4 -4\n0\n", 3, `expected piece 3 of 3 (a length 1..10000), got "-4"`},
	{"non-numeric length", "2\n4 x\n0\n", 2, `expected piece 2 of 2 (a length 1..10000), got "x"`},
	{"fractional length", "2\n4 2.5\n0\n", 2, `expected piece 2 of 2 (a length 1..10000), got "2.5"`},
	{"huge negative length", "1\n-99999999999999999999\n", 2, `expected piece 1 of 1 (a length 1..10000), got "-99999999999999999999"`},
	{"length too long", "2\n4 10001\n0\n", 2, "piece 2 of 2 is 10001 long: at most 10000 is supported"},
	{"length overflows", "1\n99999999999999999999\n", 2, "piece 1 of 1 is 99999999999999999999 long: at most 10000 is supported"},
	{"negative count", "-2\n1 2\n", 1, `expected a piece count (0 ends the input), got "-2"`},
	{"non-numeric count", "2\n1 1\nx\n", 3, `expected a piece count (0 ends the input), got "x"`},
	{"too many pieces", "1001\n", 1, "block of 1001 pieces: at most 1000 are supported"},
	{"count overflows", "99999999999999999999\n", 1, "block of 99999999999999999999 pieces: at most 1000 are supported"},
	{"int64 extremes", "1\n-9223372036854775808\n", 2, `expected piece 1 of 1 (a length 1..10000), got "-9223372036854775808"`},
	{"only the 0", "\n0\n", 2, `expected a block (a piece count, then the pieces), got "0", which ends the input`},
	{"empty", "", 1, "expected a block (a piece count, then the pieces), got end of input"},
	{"long count cut", strings.Repeat("9", 100000) + "\n", 1, "block of " + strings.Repeat("9", 40) + "... pieces: at most 1000 are supported"},
	{"second block bad", "1\n5\n\n2\n5 five\n0\n", 5, `expected piece 2 of 2 (a length 1..10000), got "five"`},
}

func TestSticksString(t *testing.T) {
	p := puzzle.Sticks{Pieces: []int{5, 2, 1, 64}}
	require.Equal(t, "4\n5 2 1 64\n", p.String())
	got, err := puzzle.ParseSticks("in", strings.NewReader(p.String()+"0\n"))
	require.NoError(t, err)
	require.Equal(t, []puzzle.Sticks{p}, got)
}

func TestSticksDropLonger(t *testing.T) {
	p := puzzle.Sticks{Pieces: []int{51, 50, 7, 64, 1}}
	got, n := p.DropLonger(50)
	require.Equal(t, puzzle.Sticks{Pieces: []int{50, 7, 1}}, got)
	require.Equal(t, 2, n)
	require.Equal(t, []int{51, 50, 7, 64, 1}, p.Pieces, "DropLonger must not change p")
	got, n = p.DropLonger(0)
	require.Empty(t, got.Pieces)
	require.Equal(t, 5, n)
}

// sticksSample is the first statement block with an answer of length 6.
var (
	sticksSample       = puzzle.Sticks{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	sticksSampleAnswer = puzzle.SticksAnswer{Length: 6, Sticks: [][]int{{5, 1}, {5, 1}, {5, 1}, {2, 2, 2}}}
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
	mutate func(a *puzzle.SticksAnswer)
	msg    string
}{
	{"length off by one", func(a *puzzle.SticksAnswer) { a.Length++ }, "stick 1 sums to 6, want 7"},
	{"length zero", func(a *puzzle.SticksAnswer) { a.Length = 0 }, "stick length 0 is not positive"},
	{"piece moved to another stick", func(a *puzzle.SticksAnswer) {
		a.Sticks[0], a.Sticks[1] = a.Sticks[0][:1], append(a.Sticks[1], a.Sticks[0][1])
	}, "stick 1 sums to 5, want 6"},
	{"piece dropped with its stick", func(a *puzzle.SticksAnswer) { a.Sticks = a.Sticks[:3] },
		"the sticks use 0 pieces of length 2, the block has 3"},
	{"extra stick", func(a *puzzle.SticksAnswer) { a.Sticks = append(a.Sticks, []int{6}) },
		"the sticks use 1 pieces of length 6, the block has 0"},
	{"pieces swapped for others of the same sum", func(a *puzzle.SticksAnswer) { a.Sticks[3] = []int{3, 3} },
		"the sticks use 0 pieces of length 2, the block has 3"},
	{"stick doubled", func(a *puzzle.SticksAnswer) { a.Sticks[3] = a.Sticks[0] },
		"the sticks use 4 pieces of length 1, the block has 3"},
	{"empty stick", func(a *puzzle.SticksAnswer) { a.Sticks = append(a.Sticks, nil) }, "stick 5 sums to 0, want 6"},
	{"no sticks", func(a *puzzle.SticksAnswer) { a.Sticks = nil }, "the sticks use 0 pieces of length 1, the block has 3"},
	{"negative piece", func(a *puzzle.SticksAnswer) { a.Sticks[3] = []int{2, 2, 3, -1} },
		"the sticks use 1 pieces of length -1, the block has 0"},
}

func TestSticksVerify(t *testing.T) {
	require.NoError(t, sticksSample.Verify(sticksSampleAnswer))
	for _, tc := range sticksMutations {
		t.Run(tc.name, func(t *testing.T) {
			a := puzzle.SticksAnswer{Length: sticksSampleAnswer.Length}
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
		f.Add(tc.in)
	}
	for _, tc := range parseSticksErrors {
		f.Add(tc.in)
	}
	for _, in := range fuzzExtremes("sticks") {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := puzzle.ParseSticks("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.ErrorAs(t, err, &pe)
			require.Nil(t, ps)
			return
		}
		for _, p := range ps {
			require.NotEmpty(t, p.Pieces)
			require.LessOrEqual(t, len(p.Pieces), puzzle.MaxSticksPieces)
			for _, v := range p.Pieces {
				require.True(t, v >= 1 && v <= puzzle.MaxStickPiece, "piece %d", v)
			}
			again, err := puzzle.ParseSticks("again", strings.NewReader(p.String()))
			require.NoError(t, err)
			require.Equal(t, []puzzle.Sticks{p}, again)
		}
	})
}
