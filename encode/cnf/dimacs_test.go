package cnf_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/encode/cnf"
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
