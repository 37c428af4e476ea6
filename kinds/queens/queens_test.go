package queens_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/puzzle/puzzletest"
)

var parseQueensTests = []puzzletest.Case[queens.Instance]{
	{Name: "one", In: "6\n", Want: []queens.Instance{{N: 6}}},
	{Name: "several on a line", In: "1 2 32\n13", Want: []queens.Instance{{N: 1}, {N: 2}, {N: 32}, {N: 13}}},
	{Name: "blank lines", In: "\n\n 8 \n\n", Want: []queens.Instance{{N: 8}}},
}

var parseQueensErrors = []puzzletest.Error{
	{Name: "empty", In: "", Line: 1, Msg: "expected a board size N (1..32), got end of input"},
	{Name: "blank", In: "\n \n", Line: 3, Msg: "expected a board size N (1..32), got end of input"},
	{Name: "zero", In: "6\n0\n", Line: 2, Msg: "board size N 0 out of range 1..32"},
	{Name: "negative", In: "-3", Line: 1, Msg: "board size N -3 out of range 1..32"},
	{Name: "huge", In: "99999999999999999999999", Line: 1, Msg: "board size N 99999999999999999999999 out of range 1..32"},
	{Name: "word", In: "6 x\n", Line: 1, Msg: `expected a board size N (1..32), got "x"`},
	{Name: "long word", In: strings.Repeat("q", 100), Line: 1, Msg: `expected a board size N (1..32), got "` + strings.Repeat("q", 40) + `"...`},
}

func TestParseQueens(t *testing.T) {
	puzzletest.Run(t, queens.Parse, parseQueensTests, parseQueensErrors)
}

var six = queens.Instance{N: 6}

// sixAnswer is the judge's sample: the first three of the four solutions.
var sixAnswer = queens.Answer{First: [][]int{{2, 4, 6, 1, 3, 5}, {3, 6, 2, 5, 1, 4}, {4, 1, 5, 2, 6, 3}}, Count: 4}

func TestQueensFormat(t *testing.T) {
	require.Equal(t, "6\n", six.String())
	require.Equal(t, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n", six.Format(sixAnswer))
	require.Equal(t, "0\n", queens.Instance{N: 3}.Format(queens.Answer{}))
	one := queens.Answer{First: [][]int{{1, 3, 5, 2, 4}}, Count: -1}
	require.Equal(t, "1 3 5 2 4\n", queens.Instance{N: 5}.Format(one), "a solution alone")
	require.Equal(t, "timeout\n", six.Fail("timeout"))
}

func TestQueensVerify(t *testing.T) {
	require.NoError(t, six.Verify(sixAnswer))
	require.NoError(t, six.Verify(queens.Answer{First: sixAnswer.First[1:2], Count: -1}), "a solution alone")
	require.NoError(t, queens.Instance{N: 2}.Verify(queens.Answer{}))
	fourteen := []int{1, 3, 5, 7, 12, 10, 13, 4, 14, 9, 2, 6, 8, 11}
	require.NoError(t, queens.Instance{N: 14}.Verify(queens.Answer{First: [][]int{fourteen}, Count: -1}))
	bad := []struct {
		name string
		p    queens.Instance
		a    queens.Answer
		msg  string
	}{
		{"same column", six, queens.Answer{First: [][]int{{2, 4, 6, 1, 5, 5}}, Count: 1}, "rows 5 and 6 attack"},
		{"diagonal", six, queens.Answer{First: [][]int{{1, 2, 3, 4, 5, 6}}, Count: 1}, "rows 1 and 2 attack"},
		{"column 0", six, queens.Answer{First: [][]int{{0, 4, 6, 1, 3, 5}}, Count: 1}, "column 0 out of range"},
		{"short", six, queens.Answer{First: [][]int{{2, 4, 6}}, Count: 1}, "3 rows, want 6"},
		{"out of order", six, queens.Answer{First: [][]int{{3, 6, 2, 5, 1, 4}, {2, 4, 6, 1, 3, 5}}, Count: 2}, "does not come after"},
		{"twice", six, queens.Answer{First: [][]int{{2, 4, 6, 1, 3, 5}, {2, 4, 6, 1, 3, 5}}, Count: 2}, "does not come after"},
		{"too few shown", six, queens.Answer{First: sixAnswer.First[:2], Count: 4}, "2 solutions shown, want 3"},
		{"negative count", six, queens.Answer{Count: -2}, "negative count"},
		{"one without a count", six, queens.Answer{First: sixAnswer.First, Count: -1}, "3 solutions shown, want 1"},
		{"count above 13", queens.Instance{N: 14}, queens.Answer{First: [][]int{fourteen}, Count: 5}, "none is asked"},
		{"N 0", queens.Instance{}, queens.Answer{}, "out of range"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorContains(t, tc.p.Verify(tc.a), tc.msg)
		})
	}
	// Every single change of a column breaks the sample's answer.
	for i := range sixAnswer.First {
		for r := range six.N {
			for c := 1; c <= six.N; c++ {
				if c == sixAnswer.First[i][r] {
					continue
				}
				a := queens.Answer{Count: 4}
				for _, s := range sixAnswer.First {
					a.First = append(a.First, append([]int(nil), s...))
				}
				a.First[i][r] = c
				require.Error(t, six.Verify(a), "solution %d row %d column %d", i, r, c)
			}
		}
	}
}

func FuzzParseQueens(f *testing.F) {
	for _, tc := range parseQueensTests {
		f.Add(tc.In)
	}
	for _, tc := range parseQueensErrors {
		f.Add(tc.In)
	}
	for _, in := range puzzletest.FuzzSeeds(queensInputs) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := queens.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.True(t, errors.As(err, &pe), "%T %v", err, err)
			require.GreaterOrEqual(t, pe.Line, 1)
			return
		}
		require.NotEmpty(t, ps)
		var b strings.Builder
		for _, p := range ps {
			require.True(t, p.N >= 1 && p.N <= queens.MaxN, "%+v", p)
			b.WriteString(p.String())
		}
		again, err := queens.Parse("again", strings.NewReader(b.String()))
		require.NoError(t, err)
		require.Equal(t, ps, again)
	})
}

// TestQueensLeast: the least solutions kept from any order of finding
// them, and with mirror from one of each mirror pair.
func TestQueensLeast(t *testing.T) {
	all := [][]int{{2, 4, 6, 1, 3, 5}, {3, 6, 2, 5, 1, 4}, {4, 1, 5, 2, 6, 3}, {5, 3, 1, 6, 4, 2}}
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}} {
		q := queens.NewLeast(6, 3, false)
		for _, i := range order {
			q.Add(all[i])
		}
		require.Equal(t, all[:3], q.First(), "%v", order)
	}
	q := queens.NewLeast(6, 3, true)
	q.Add(all[1]) // the top queens in the left half: 2 4 6 1 3 5 and 3 6 2 5 1 4
	q.Add(all[0])
	require.Equal(t, all[:3], q.First())
}

// queensInputs is a valid input of several lines, and one whose last line is
// wrong, with its error.
var queensInputs = puzzletest.Sample{
	Good: "6\n 8 13\n",
	Bad:  "6\n8\n33\n",
	Msg:  "board size N 33 out of range 1..32",
}

func TestParseQueensLineEnds(t *testing.T) {
	puzzletest.LineEnds(t, queens.Parse, queensInputs)
}

func TestParseQueensLongLines(t *testing.T) {
	puzzletest.LongLines(t, queens.Parse, queensInputs)
}
