package drat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// fuzzFormula is the formula the fuzzed proofs are read against: a∨b,
// a∨¬b, and ¬a∨c, ¬a∨¬c.
func fuzzFormula() *cnf.CNF {
	f := cnf.New()
	a, b, c := f.Var("a").Pos(), f.Var("b").Pos(), f.Var("c").Pos()
	f.Add(a, b)
	f.Add(a, b.Not())
	f.Add(a.Not(), c)
	f.Add(a.Not(), c.Not())
	return f
}

// FuzzParseProof reads arbitrary bytes as a proof in each format: an
// error is a *ProofError for a malformed proof, never a panic; the store
// grows by at most two words per byte read (a literal takes a byte in
// binary and two in text, a clause's end at least one); and writing the
// steps read as text and reading them again gives the same lemmas and
// deletions.
func FuzzParseProof(f *testing.F) {
	for _, s := range []string{
		"", "d", "a", "d\n", "0", "0\n", "d 0\n", "1 0\n0\n", "1 -1 0\n",
		"c comment\n1 0\n", "d 1 2 0\n1 0\n0\n", "1 2 0\nd 2 1 0\n",
		"2147483647 -2147483647 0\n", "-2147483648 0\n", "2147483648 0\n",
		"1 " + strings.Repeat("9", 1000) + " 0\n", "-" + strings.Repeat("0", 1000) + "1 0\n",
		"\x00", "a\x00", "d\x00", "a\x02\x00", "a\x02\x04\x00d\x04\x02\x00a\x00",
		"a\xfe\xff\xff\xff\x0f\x00", "a\xff\xff\xff\xff\x0f\x00", "a\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x00",
		"a\x80\x80\x80\x80\x80\x00", "a\x01\x00", "d\x0a\x00a\x00", "x", "1 x 0\n", "d1 0\n",
	} {
		f.Add([]byte(s))
	}
	formula := fuzzFormula()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{Auto, Text, Binary} {
			s, err := parse(formula, data, format)
			if err != nil {
				var pe *ProofError
				if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
					t.Fatalf("%v: %v is not a *ProofError wrapping ErrSyntax", format, err)
				}
				continue
			}
			base := formula.NumLits() + formula.NumClauses()
			if grown := len(s.arena) - base; grown > 2*len(data) {
				t.Fatalf("%v: %d words stored for %d bytes", format, grown, len(data))
			}
			if n := s.vars.vars(); n > 3+len(data) || len(s.vars.small) > 2*n+1<<16+1 {
				t.Fatalf("%v: %d variables, %d entries, for %d bytes", format, n, len(s.vars.small), len(data))
			}
			text := s.steps()
			again, err := parse(formula, []byte(text), Text)
			if err != nil {
				t.Fatalf("%v: the steps read do not read again: %v\n%s", format, err, text)
			}
			if got := again.steps(); got != text {
				t.Fatalf("%v: read\n%s\nthen\n%s", format, text, got)
			}
			if _, err := s.run(); err != nil {
				t.Fatalf("%v: check: %v", format, err)
			}
		}
	})
}

// parse reads a proof of f into a new checker.
func parse(f *cnf.CNF, data []byte, format Format) (*checker, error) {
	s := newChecker(context.Background())
	if err := s.loadFormula(f); err != nil {
		return nil, err
	}
	return s, s.readProof(bytes.NewReader(data), "fuzz", format)
}

// steps writes the lemmas read, the tautologies among them, and the
// deletions matched, as a text proof.
func (s *checker) steps() string {
	var b strings.Builder
	write := func(c uint32) {
		for _, l := range s.clause(c) {
			fmt.Fprintf(&b, "%d ", s.vars.external(l).Dimacs())
		}
		b.WriteString("0\n")
	}
	next := s.nOrig // the next lemma, which may be a tautology, not a step
	for _, st := range s.proof {
		c := uint32(st & stepClause)
		if st&stepDelete != 0 {
			b.WriteString("d ")
			write(c)
			continue
		}
		for ; next <= int(c); next++ {
			write(uint32(next))
		}
	}
	for ; next < len(s.start); next++ {
		write(uint32(next))
	}
	return b.String()
}
