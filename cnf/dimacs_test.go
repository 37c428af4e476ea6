package cnf_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// dimacsInputs are DIMACS files that a hostile probe wrote, read as the
// file "in.cnf": each either reads to its clauses or fails at its line
// with its message.
var dimacsInputs = []struct {
	name, in string
	clauses  [][]int // the clauses read, when there is no error
	line     int
	msg      string
}{
	{name: "header without a final newline", in: "c one\nc two\np cnf x 1",
		line: 3, msg: `expected VARS, a number 0..268435456, in the header "p cnf VARS CLAUSES", got "x"`},
	{name: "only a header, no final newline", in: "p cnf 1 1 x",
		line: 1, msg: `expected header "p cnf VARS CLAUSES", got "p cnf 1 1 x"`},
	{name: "header short of clauses, no final newline", in: "p cnf 1 1",
		line: 1, msg: "header promises 1 clauses, file has 0"},
	{name: "CR line ends", in: "c old Mac\rp cnf 2 2\r1 -2 0\r2 0\r", clauses: [][]int{{1, -2}, {2}}},
	{name: "CR line ends, error on line 3", in: "p cnf 2 1\r1 2 0\rx\r",
		line: 3, msg: `expected an integer literal, got "x"`},
	{name: "CR line ends, header quoted whole", in: "c x\rp cnf 2 1 3\r1 0\r",
		line: 2, msg: `expected header "p cnf VARS CLAUSES", got "p cnf 2 1 3"`},
	{name: "CR LF and CR mixed", in: "p cnf 2 2\r\n1 0\r\r\n-2 0\n", clauses: [][]int{{1}, {-2}}},
	{name: "CR LF counted once", in: "p cnf 2 1\r\n\r\n1 x 0\r\n",
		line: 3, msg: `expected an integer literal, got "x"`},
	{name: "CR at the very end", in: "p cnf 1 1\r1 0\r", clauses: [][]int{{1}}},
	{name: "CLAUSES negative", in: "p cnf 2 -1\n",
		line: 1, msg: `expected CLAUSES, a number 0..4611686018427387904, in the header "p cnf VARS CLAUSES", got "-1"`},
	{name: "VARS negative", in: "p cnf -2 1\n",
		line: 1, msg: `expected VARS, a number 0..268435456, in the header "p cnf VARS CLAUSES", got "-2"`},
	{name: "VARS beyond MaxVars", in: "p cnf 268435457 1\n",
		line: 1, msg: `expected VARS, a number 0..268435456, in the header "p cnf VARS CLAUSES", got "268435457"`},
	{name: "byte order mark", in: "\xef\xbb\xbfp cnf 2 1\n1 -2 0\n", clauses: [][]int{{1, -2}}},
	{name: "byte order mark before a comment", in: "\xef\xbb\xbfc hi\r\np cnf 1 1\r\n1 0\r\n", clauses: [][]int{{1}}},
	{name: "byte order mark not at the start", in: "p cnf 2 1\n\xef\xbb\xbf1 0\n",
		line: 2, msg: `expected an integer literal, got "\ufeff1"`},
	{name: "upper-case header", in: "P CNF 2 1\n1 0\n",
		line: 1, msg: `expected header "p cnf VARS CLAUSES" in lower case, got "P CNF 2 1"`},
	{name: "mixed-case header", in: "c x\np CNF 2 1\n1 0\n",
		line: 2, msg: `expected header "p cnf VARS CLAUSES" in lower case, got "p CNF 2 1"`},
	{name: "minus zero ends nothing", in: "p cnf 2 1\n1 -0 0\n",
		line: 2, msg: `expected a literal or the 0 that ends a clause, got "-0"`},
	{name: "minus zero alone", in: "p cnf 2 1\n-0\n",
		line: 2, msg: `expected a literal or the 0 that ends a clause, got "-0"`},
	{name: "minus zeros", in: "p cnf 2 1\n1 -00 0\n",
		line: 2, msg: `expected a literal or the 0 that ends a clause, got "-00"`},
	{name: "a long token quoted whole runes", in: "p cnf 2 1\nx" + strings.Repeat("é", 30) + "\n",
		line: 2, msg: `expected an integer literal, got "x` + strings.Repeat("é", 19) + `"...`},
}

func TestReadDIMACSInputs(t *testing.T) {
	for _, tc := range dimacsInputs {
		t.Run(tc.name, func(t *testing.T) {
			f, err := cnf.ReadDIMACS(context.Background(), "in.cnf", strings.NewReader(tc.in))
			// A byte at a time, a CR LF split over two reads is one line end.
			g, errOne := cnf.ReadDIMACS(context.Background(), "in.cnf", iotest.OneByteReader(strings.NewReader(tc.in)))
			require.Equal(t, fmt.Sprint(err), fmt.Sprint(errOne))
			if err == nil {
				require.Equal(t, f.Size(), g.Size())
			}
			if tc.msg == "" {
				require.NoError(t, err)
				var got [][]int
				for i := range f.NumClauses() {
					var c []int
					for _, l := range f.Clause(i) {
						c = append(c, l.Dimacs())
					}
					got = append(got, c)
				}
				require.Equal(t, tc.clauses, got)
				return
			}
			var de *cnf.DIMACSError
			require.ErrorAs(t, err, &de)
			require.Equal(t, tc.line, de.Line, "%v", err)
			require.EqualError(t, de.Err, tc.msg)
		})
	}
}

// modelInputs are solver outputs for a formula of 4 variables, with the
// model each reads to, ErrUnsatisfiable, or the line and message of the
// *DIMACSError.
var modelInputs = []struct {
	name, in string
	want     cnf.Model
	unsat    bool
	line     int
	msg      string
}{
	{name: "unsat then v lines", in: "s UNSATISFIABLE\nv 1 -2 0\n",
		line: 2, msg: "model values, but line 1 says UNSATISFIABLE"},
	{name: "minisat unsat then literals", in: "UNSAT\n1 -2 0\n",
		line: 2, msg: "model values, but line 1 says UNSATISFIABLE"},
	{name: "unsat then a v line, after comments", in: "c x\ns UNSATISFIABLE\nc y\nv 0\n",
		line: 4, msg: "model values, but line 2 says UNSATISFIABLE"},
	{name: "v lines then unsat", in: "c clasp\nv 1 0\ns UNSATISFIABLE\n",
		line: 3, msg: "status UNSATISFIABLE, but line 2 gives model values"},
	{name: "sat then unsat", in: "s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n",
		line: 3, msg: "status UNSATISFIABLE contradicts the status SATISFIABLE at line 1"},
	{name: "unsat then sat", in: "s UNSATISFIABLE\ns SATISFIABLE\nv 1 0\n",
		line: 2, msg: "status SATISFIABLE contradicts the status UNSATISFIABLE at line 1"},
	{name: "minisat and competition disagree", in: "UNSAT\ns SATISFIABLE\n",
		line: 2, msg: "status SATISFIABLE contradicts the status UNSATISFIABLE at line 1"},
	{name: "two equal statuses", in: "s SATISFIABLE\ns SATISFIABLE\nv 1 0\n",
		line: 2, msg: "a second status line (the first at line 1)"},
	{name: "two unsat statuses", in: "s UNSATISFIABLE\nUNSAT\n",
		line: 2, msg: "a second status line (the first at line 1)"},
	{name: "a value after the closing 0", in: "s SATISFIABLE\nv 1 0 2\n",
		line: 2, msg: "model value 2 after the model's closing 0 (line 2)"},
	{name: "a second model", in: "s SATISFIABLE\nv 1 -2 0\nv -1 2 0\n",
		line: 3, msg: "model value -1 after the model's closing 0 (line 2)"},
	{name: "a second closing 0", in: "SAT\n1 0\n0\n",
		line: 3, msg: "model value 0 after the model's closing 0 (line 2)"},
	{name: "minus zero is no closing 0", in: "s SATISFIABLE\nv 1 -0\n",
		line: 2, msg: `expected a literal or the 0 that ends a clause, got "-0"`},
	{name: "status on the last line without newline, bad", in: "c a\nc b\ns SATISFIABLE yes",
		line: 3, msg: `unexpected "yes" after the status`},
	{name: "unknown on the last line without newline", in: "c a\ns UNKNOWN",
		line: 2, msg: `solver gave no model: "UNKNOWN"`},
	{name: "status after a value, no final newline", in: "v 1 0\ns UNSATISFIABLE",
		line: 2, msg: "status UNSATISFIABLE, but line 1 gives model values"},
	{name: "CR line ends", in: "c x\rs SATISFIABLE\rv 1 -2\rv 3 0\r", want: cnf.Model{false, true, false, true}},
	{name: "CR line ends, error line", in: "c x\rs SATISFIABLE\rv 1 x 0\r", line: 3, msg: `expected an integer literal, got "x"`},
	{name: "byte order mark", in: "\xef\xbb\xbfs SATISFIABLE\nv -1 0\n", want: cnf.Model{false, false}},
	{name: "byte order mark, minisat", in: "\xef\xbb\xbfUNSAT\n", unsat: true},
	{name: "unsat, comments after", in: "s UNSATISFIABLE\nc done\n", unsat: true},
	{name: "empty model", in: "s SATISFIABLE\nv 0\n", want: nil},
}

func TestReadModelContradictions(t *testing.T) {
	for _, tc := range modelInputs {
		t.Run(tc.name, func(t *testing.T) {
			out, err := cnf.ReadModel(context.Background(), "out", strings.NewReader(tc.in), 4)
			switch {
			case tc.unsat:
				require.ErrorIs(t, err, cnf.ErrUnsatisfiable)
				var de *cnf.DIMACSError
				require.False(t, errors.As(err, &de), "%v", err)
			case tc.msg != "":
				var de *cnf.DIMACSError
				require.ErrorAs(t, err, &de)
				require.False(t, errors.Is(err, cnf.ErrUnsatisfiable))
				require.Equal(t, "out", de.File)
				require.Equal(t, tc.line, de.Line, "%v", err)
				require.EqualError(t, de.Err, tc.msg)
			default:
				require.NoError(t, err)
				require.Equal(t, tc.want, out.Model)
			}
		})
	}
}

// TestReadModelRealSolvers reads what clasp, picosat, cryptominisat5,
// cadical and minisat printed for a satisfiable and an unsatisfiable
// formula (testdata/solvers/README.md): each model satisfies its formula,
// each UNSAT answer reads as ErrUnsatisfiable, and clasp's two models
// are refused.
func TestReadModelRealSolvers(t *testing.T) {
	dir := filepath.Join("testdata", "solvers")
	read := func(name string) *os.File {
		f, err := os.Open(filepath.Join(dir, name))
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, err := cnf.ReadDIMACS(context.Background(), "a.cnf", read("a.cnf"))
	require.NoError(t, err)
	for _, s := range []string{"clasp", "clasp-q", "picosat", "cryptominisat5", "cryptominisat5-q", "cadical", "cadical-q", "minisat"} {
		t.Run(s, func(t *testing.T) {
			out, err := cnf.ReadModel(context.Background(), s+".sat.out", read(s+".sat.out"), a.NumVars())
			require.NoError(t, err)
			for i := range a.NumClauses() {
				sat := false
				for _, l := range a.Clause(i) {
					sat = sat || out.Model.Value(l)
				}
				require.True(t, sat, "clause %d is false", i+1)
			}
			_, err = cnf.ReadModel(context.Background(), s+".unsat.out", read(s+".unsat.out"), 1)
			require.ErrorIs(t, err, cnf.ErrUnsatisfiable)
		})
	}
	_, err = cnf.ReadModel(context.Background(), "clasp-n2.out", read("clasp-n2.out"), 3)
	require.EqualError(t, err, "clasp-n2.out:7: model value 1 after the model's closing 0 (line 5)")
}

// endless is an input that never ends: the text again and again.
type endless struct {
	text string
	at   int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.text[e.at%len(e.text)]
		e.at++
	}
	return len(p), nil
}

// TestReadersStop (issue 40 items 3 and 4): the readers of DIMACS and of
// solver outputs keep a bounded part of endless comments, refuse an
// endless word (/dev/zero) at once, and stop an endless input of blank
// lines or comments when their context ends, after how many bytes the
// test counts itself, never by a clock.
func TestReadersStop(t *testing.T) {
	t.Run("a word of NULs", func(t *testing.T) {
		_, err := cnf.ReadModel(context.Background(), "zero", &endless{text: "\x00"}, 4)
		require.ErrorContains(t, err, "zero:1: a word of more than 4096 bytes")
		_, err = cnf.ReadDIMACS(context.Background(), "zero", io.MultiReader(strings.NewReader("p cnf 1 1\n"), &endless{text: "\x00"}))
		require.ErrorContains(t, err, "a word of more than 4096 bytes")
	})
	for _, text := range []string{"\n", "c a comment that never ends\n", "\r\n  \n"} {
		t.Run(fmt.Sprintf("%q", text), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			in := &stopAfter{r: &endless{text: text}, n: 16 << 20, cancel: cancel}
			_, err := cnf.ReadModel(ctx, "endless", in, 4)
			require.ErrorIs(t, err, context.Canceled)
			require.LessOrEqual(t, in.read, int64(16<<20+64<<10), "stopped within a block of the cancel")
			require.Less(t, in.live, uint64(8<<20), "16 MiB read, comments kept bounded")

			ctx, cancel = context.WithCancel(context.Background())
			in = &stopAfter{r: io.MultiReader(strings.NewReader("p cnf 1 1\n"), &endless{text: text}), n: 16 << 20, cancel: cancel}
			_, err = cnf.ReadDIMACS(ctx, "endless", in)
			require.ErrorIs(t, err, context.Canceled)
			require.Less(t, in.live, uint64(8<<20), "16 MiB read, comments kept bounded")
		})
	}
	t.Run("literals past the limit", func(t *testing.T) {
		_, err := cnf.ReadDIMACSAtMost(context.Background(), "big.cnf", strings.NewReader("p cnf 3 3\n1 2 0\n2 3 0\n-1 -3 0\n"), 5)
		require.ErrorIs(t, err, cnf.ErrTooLarge)
		require.ErrorContains(t, err, "big.cnf:4: more than 5 literals")
		f, err := cnf.ReadDIMACSAtMost(context.Background(), "big.cnf", strings.NewReader("p cnf 3 3\n1 2 0\n2 3 0\n-1 -3 0\n"), 6)
		require.NoError(t, err)
		require.Equal(t, 3, f.NumClauses())
	})
}

// stopAfter reads r and cancels once n bytes were read, counting them,
// and takes the live heap then, while the reader holds what it kept.
type stopAfter struct {
	r      io.Reader
	n      int64
	read   int64
	live   uint64
	cancel func()
}

func (s *stopAfter) Read(p []byte) (int, error) {
	k, err := s.r.Read(p)
	if s.read += int64(k); s.read >= s.n && s.live == 0 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		s.live = m.HeapAlloc
		s.cancel()
	}
	return k, err
}
