package addchain_test

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

var parseTests = []struct {
	name, in string
	want     []int
}{
	{"sample", "5\n7\n12\n15\n77\n0\n", []int{5, 7, 12, 15, 77}},
	{"no final 0", "5\n7", []int{5, 7}},
	{"several on a line", "1 2 1000000\t3\n0", []int{1, 2, 1000000, 3}},
	{"after the 0 is ignored", "9\n0\nx y z\n", []int{9}},
	{"blank lines and blanks", "\n\n  8 \n\n0", []int{8}},
	{"CR LF", "5\r\n7\r\n0\r\n", []int{5, 7}},
	{"lone CR", "5\r7\r0\r", []int{5, 7}},
	{"byte order mark", "\xef\xbb\xbf5\n0\n", []int{5}},
	{"leading zeros", "0005\n0", []int{5}},
	{"a plus sign", "+5\n0", []int{5}},
}

var parseErrors = []struct {
	name, in string
	line     int
	msg      string
}{
	{"empty", "", 1, "expected n (1..1000000), got end of input"},
	{"blank", "\n \n", 3, "expected n (1..1000000), got end of input"},
	{"only 0", "\n0\n5\n", 2, `expected n (1..1000000), got "0", which ends the input`},
	{"too large", "5\n1000001\n0", 2, "n 1000001 out of range 1..1000000"},
	{"huge", "99999999999999999999999", 1, "n 99999999999999999999999 out of range 1..1000000"},
	{"long number", strings.Repeat("9", 100), 1, "n " + strings.Repeat("9", 40) + "... out of range 1..1000000"},
	{"negative", "5\n-3\n", 2, `expected n (1..1000000, 0 ends the input), got "-3"`},
	{"hugely negative", "-99999999999999999999999", 1, `expected n (1..1000000, 0 ends the input), got "-99999999999999999999999"`},
	{"word", "5\r\n7\r\nx\r\n", 3, `expected n (1..1000000, 0 ends the input), got "x"`},
	{"lone CR", "5\r7\rx\r", 3, `expected n (1..1000000, 0 ends the input), got "x"`},
	{"long word", "1\n" + strings.Repeat("q", 100), 2, `expected n (1..1000000, 0 ends the input), got "` + strings.Repeat("q", 40) + `"...`},
	{"cut character", strings.Repeat("q", 39) + "é", 1, `expected n (1..1000000, 0 ends the input), got "` + strings.Repeat("q", 39) + `"...`},
	{"not UTF-8", "5 \xff", 1, `expected n (1..1000000, 0 ends the input), got "\xff"`},
	{"decimal", "5.0", 1, `expected n (1..1000000, 0 ends the input), got "5.0"`},
}

func TestParse(t *testing.T) {
	for _, tc := range parseTests {
		t.Run(tc.name, func(t *testing.T) {
			var want []addchain.Instance
			for _, n := range tc.want {
				want = append(want, addchain.Instance{N: n})
			}
			got, err := addchain.Parse("in", strings.NewReader(tc.in))
			require.NoError(t, err)
			require.Equal(t, want, got)
			// A byte at a time: a CR LF split over two reads is one line end.
			got, err = addchain.Parse("in", iotest.OneByteReader(strings.NewReader(tc.in)))
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
	for _, tc := range parseErrors {
		t.Run("error/"+tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				got, err := addchain.Parse("in", r)
				require.Nil(t, got)
				var pe *puzzle.ParseError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, "in", pe.File)
				require.Equal(t, tc.line, pe.Line, "%v", err)
				require.EqualError(t, pe.Err, tc.msg)
				require.Equal(t, "in:"+strconv.Itoa(tc.line)+": "+tc.msg, err.Error())
			}
		})
	}
}

// TestParseReadError: a read error is a *ParseError at the line where
// it happened, and no instance is returned.
func TestParseReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("5\n7\n"), iotest.ErrReader(boom))
	got, err := addchain.Parse("in", r)
	require.Nil(t, got)
	var pe *puzzle.ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, 3, pe.Line)
	require.ErrorIs(t, err, boom)
}

// TestScanStops: Scan yields each instance as it is read, and stops at
// the first error of yield.
func TestScanStops(t *testing.T) {
	stop := errors.New("stop")
	var seen []int
	err := addchain.Scan("in", strings.NewReader("3 4 5 0"), func(p addchain.Instance) error {
		seen = append(seen, p.N)
		if p.N == 4 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	require.Equal(t, []int{3, 4}, seen)
}

// TestSample: the judge's sample reads, its chains pass Verify, and the
// printer writes them back as the judge does.
func TestSample(t *testing.T) {
	in, err := os.ReadFile("testdata/sample.in")
	require.NoError(t, err)
	out, err := os.ReadFile("testdata/sample.out")
	require.NoError(t, err)
	ps, err := addchain.Parse("sample.in", strings.NewReader(string(in)))
	require.NoError(t, err)
	lines := strings.SplitAfter(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Len(t, lines, len(ps))
	for i, p := range ps {
		a := parseChain(t, lines[i])
		require.NoError(t, p.Verify(a))
		require.Equal(t, strings.TrimSuffix(lines[i], "\n")+"\n", p.Format(a))
	}
}

// parseChain reads a chain printed by Format.
func parseChain(t *testing.T, line string) addchain.Answer {
	var a addchain.Answer
	for _, f := range strings.Fields(line) {
		v, err := strconv.Atoi(f)
		require.NoError(t, err)
		a.Chain = append(a.Chain, v)
	}
	return a
}

func TestFormat(t *testing.T) {
	p := addchain.Instance{N: 77}
	require.Equal(t, "77\n", p.String())
	require.Equal(t, "1 2 4 8 9 17 34 68 77\n", p.Format(addchain.Answer{Chain: []int{1, 2, 4, 8, 9, 17, 34, 68, 77}}))
	require.Equal(t, "1\n", addchain.Instance{N: 1}.Format(addchain.Answer{Chain: []int{1}}))
	require.Equal(t, 8, addchain.Answer{Chain: []int{1, 2, 4, 8, 9, 17, 34, 68, 77}}.Len())
}

func TestVerify(t *testing.T) {
	seventySeven := addchain.Instance{N: 77}
	good := []int{1, 2, 4, 8, 9, 17, 34, 68, 77}
	require.NoError(t, seventySeven.Verify(addchain.Answer{Chain: good}))
	require.NoError(t, addchain.Instance{N: 1}.Verify(addchain.Answer{Chain: []int{1}}))
	require.NoError(t, addchain.Instance{N: 5}.Verify(addchain.Answer{Chain: []int{1, 2, 3, 5}}))
	bad := []struct {
		name  string
		p     addchain.Instance
		chain []int
		msg   string
	}{
		{"empty", seventySeven, nil, "an empty chain"},
		{"start", seventySeven, []int{2, 4, 8, 9, 17, 34, 68, 77}, "starts at 2"},
		{"end", seventySeven, good[:8], "ends at 68"},
		{"not a sum", seventySeven, []int{1, 2, 4, 8, 9, 17, 35, 68, 77}, "a6 = 35 is not the sum"},
		{"equal", seventySeven, []int{1, 2, 4, 4, 8, 9, 17, 34, 68, 77}, "a3 = 4 does not exceed a2 = 4"},
		{"down", addchain.Instance{N: 3}, []int{1, 2, 4, 3}, "a3 = 3 does not exceed a2 = 4"},
		{"n 0", addchain.Instance{}, []int{1}, "out of range"},
		{"n too large", addchain.Instance{N: addchain.MaxN + 1}, []int{1}, "out of range"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorContains(t, tc.p.Verify(addchain.Answer{Chain: tc.chain}), tc.msg)
		})
	}
}

// TestVerifyRejectsMutations: every change of one element of a shortest
// chain by -3..3, every element dropped and every one doubled at the end
// is refused exactly when the naive check of every pair refuses it, and
// most are.
func TestVerifyRejectsMutations(t *testing.T) {
	refused, all := 0, 0
	try := func(p addchain.Instance, m []int) {
		all++
		err := p.Verify(addchain.Answer{Chain: m})
		require.Equal(t, naiveChain(p.N, m), err == nil, "%v: %v", m, err)
		if err != nil {
			refused++
		}
	}
	for _, c := range [][]int{{1, 2, 4, 8, 9, 17, 34, 68, 77}, {1, 2, 4, 5, 10, 15}, {1, 2, 3, 6, 12, 24, 30, 31}} {
		p := addchain.Instance{N: c[len(c)-1]}
		require.NoError(t, p.Verify(addchain.Answer{Chain: c}))
		for k := range c {
			for d := -3; d <= 3; d++ {
				if d != 0 {
					m := append([]int(nil), c...)
					m[k] += d
					try(p, m)
				}
			}
			try(p, append(append([]int(nil), c[:k]...), c[k+1:]...))
		}
		try(p, append(append([]int(nil), c...), 2*c[len(c)-1]))
	}
	require.Greater(t, refused, all*9/10, "of %d", all)
}

// naiveChain reports whether c is an addition chain for n, by trying
// every pair of earlier elements for every element.
func naiveChain(n int, c []int) bool {
	if len(c) == 0 || c[0] != 1 || c[len(c)-1] != n {
		return false
	}
	for k := 1; k < len(c); k++ {
		if c[k] <= c[k-1] {
			return false
		}
		ok := false
		for i := range k {
			for j := range k {
				ok = ok || c[i]+c[j] == c[k]
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// TestSums: each element's operands, the larger as large as can be.
func TestSums(t *testing.T) {
	a := addchain.Answer{Chain: []int{1, 2, 4, 8, 9, 17, 34, 68, 77}}
	require.Equal(t, [][2]int{{0, 0}, {1, 1}, {2, 2}, {3, 0}, {4, 3}, {5, 5}, {6, 6}, {7, 4}}, a.Sums())
	for k, s := range a.Sums() {
		require.Equal(t, a.Chain[k+1], a.Chain[s[0]]+a.Chain[s[1]], "a%d", k+1)
	}
	require.Empty(t, addchain.Answer{Chain: []int{1}}.Sums())
}

func TestBinary(t *testing.T) {
	for n := 1; n <= 2000; n++ {
		a := addchain.Binary(n)
		p := addchain.Instance{N: n}
		require.NoError(t, p.Verify(a), "n=%d", n)
		require.GreaterOrEqual(t, a.Len(), addchain.LowerBound(n), "n=%d", n)
	}
	require.Equal(t, []int{1, 2, 4, 8, 9, 18, 19, 38, 76, 77}, addchain.Binary(77).Chain)
	require.Equal(t, 0, addchain.LowerBound(1))
	require.Equal(t, 1, addchain.LowerBound(2))
	require.Equal(t, 7, addchain.LowerBound(77))
	require.Equal(t, 7, addchain.LowerBound(128))
	require.Equal(t, 8, addchain.LowerBound(129))
}

func FuzzParse(f *testing.F) {
	for _, tc := range parseTests {
		f.Add(tc.in)
	}
	for _, tc := range parseErrors {
		f.Add(tc.in)
	}
	f.Add(strings.Repeat("1 ", 10000) + "0")
	f.Add("\r\r\n\n\x00 7")
	f.Add("\xef\xbb")
	f.Fuzz(func(t *testing.T, in string) {
		ps, err := addchain.Parse("fuzz", strings.NewReader(in))
		if err != nil {
			var pe *puzzle.ParseError
			require.True(t, errors.As(err, &pe), "%T %v", err, err)
			require.GreaterOrEqual(t, pe.Line, 1)
			require.LessOrEqual(t, pe.Line, strings.Count(in, "\n")+strings.Count(in, "\r")+1)
			require.Nil(t, ps)
			return
		}
		require.NotEmpty(t, ps)
		var b strings.Builder
		for _, p := range ps {
			require.True(t, p.N >= 1 && p.N <= addchain.MaxN, "%+v", p)
			b.WriteString(p.String())
		}
		again, err := addchain.Parse("again", strings.NewReader(b.String()+"0\n"))
		require.NoError(t, err)
		require.Equal(t, ps, again)
	})
}
