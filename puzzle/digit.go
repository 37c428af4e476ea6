package puzzle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Longest patterns of a [Digit] instance.
const (
	DigitMaxFactor  = 2 // characters of A and of B
	DigitMaxProduct = 4 // characters of C
)

// Digit is one Digit Puzzle instance (UVa 12107): a multiplication
// A * B = C written as three patterns of decimal digits and '*' wildcards,
// most significant first. A solution puts a digit for every '*' so that
// A * B = C, where a number of two or more digits has no leading zero and a
// one-digit number may be 0. The task is to change the fewest characters
// (lengths fixed) so that the pattern has exactly one solution; among
// those, the smallest string "A B C" with '*' ordered before '0'..'9'.
type Digit struct {
	Case    int    // 1-based number of the case in its input
	A, B, C string // 1..DigitMaxFactor, 1..DigitMaxFactor and 1..DigitMaxProduct characters, each '0'-'9' or '*'
}

// DigitAnswer is the pattern chosen for a [Digit]: the same lengths as the
// instance, each character '0'-'9' or '*'.
type DigitAnswer struct{ A, B, C string }

// ParseDigit reads a whole input of Digit instances: one per line, the
// three patterns A B C separated by blanks, until a line holding only "0"
// or the end of input (whatever follows the "0" line is not read). Blank
// lines are skipped, and an input without any case is no error. Cases are
// numbered from 1. file names r in errors, which are *ParseError values.
func ParseDigit(file string, r io.Reader) ([]Digit, error) {
	in := newLines(file, r)
	var ps []Digit
	for {
		s, ok := in.next()
		if !ok {
			break
		}
		f := strings.Fields(s)
		switch {
		case len(f) == 0:
			continue
		case len(f) == 1 && f[0] == "0":
			return ps, nil
		case len(f) != 3:
			return nil, in.errorf("expected three patterns A B C (or a line 0 to end), got %d field(s) in %q", len(f), s)
		}
		p := Digit{Case: len(ps) + 1, A: f[0], B: f[1], C: f[2]}
		if err := p.check(); err != nil {
			return nil, in.errorf("%v", err)
		}
		ps = append(ps, p)
	}
	if err := in.ioErr(); err != nil {
		return nil, err
	}
	return ps, nil
}

// check reports whether the three patterns have allowed lengths and
// characters.
func (p Digit) check() error {
	pats := [3]string{p.A, p.B, p.C}
	for i, most := range [3]int{DigitMaxFactor, DigitMaxFactor, DigitMaxProduct} {
		if !digitPatternOK(pats[i], most) {
			return fmt.Errorf("expected %c as 1 to %d characters, each a digit or '*', got %q", "ABC"[i], most, pats[i])
		}
	}
	return nil
}

// digitPatternOK reports whether s is 1..most characters '0'-'9' or '*'.
func digitPatternOK(s string, most int) bool {
	if len(s) < 1 || len(s) > most {
		return false
	}
	for i := range len(s) {
		if s[i] != '*' && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// String returns the instance in judge input format: "A B C" and a newline.
func (p Digit) String() string {
	return p.A + " " + p.B + " " + p.C + "\n"
}

// Format returns the judge output for the answer: "Case k: A B C" and a
// newline.
func (p Digit) Format(a DigitAnswer) string {
	return fmt.Sprintf("Case %d: %s %s %s\n", p.Case, a.A, a.B, a.C)
}

// Fail returns the line printed instead of an answer; word is
// "no solution" or "timeout".
func (p Digit) Fail(word string) string {
	return fmt.Sprintf("Case %d: %s\n", p.Case, word)
}

// Verify reports whether a is a pattern of p's lengths, made of digits and
// '*', that has exactly one solution. It does not check that a needs the
// fewest changes, nor that it is the smallest such pattern. It scans every
// A and B of the right lengths: at most 90 * 90 products.
func (p Digit) Verify(a DigitAnswer) error {
	if err := p.check(); err != nil {
		return fmt.Errorf("bad instance: %w", err)
	}
	q := Digit{A: a.A, B: a.B, C: a.C}
	if len(a.A) != len(p.A) || len(a.B) != len(p.B) || len(a.C) != len(p.C) {
		return fmt.Errorf("answer %s %s %s has other lengths than the puzzle %s %s %s", a.A, a.B, a.C, p.A, p.B, p.C)
	}
	if err := q.check(); err != nil {
		return fmt.Errorf("bad answer: %w", err)
	}
	n := 0
	digitProducts(len(a.A), len(a.B), len(a.C), func(x, y, z int) {
		if digitMatch(a.A, x) && digitMatch(a.B, y) && digitMatch(a.C, z) {
			n++
		}
	})
	if n != 1 {
		return fmt.Errorf("pattern %s %s %s has %d solutions, want exactly one", a.A, a.B, a.C, n)
	}
	return nil
}

// digitRange returns the smallest and largest number of n digits: 0..9 for
// one digit, else no leading zero.
func digitRange(n int) (lo, hi int) {
	lo, hi = 1, 1
	for range n {
		lo, hi = hi, hi*10
	}
	if n == 1 {
		lo = 0
	}
	return lo, hi - 1
}

// digitAdmits reports whether some product x * y = z has numbers of la, lb
// and lc digits, by whether the range of x*y meets the range of z. For
// the lengths allowed here that test is exact (TestDigitLengthTriples
// compares it with every product for every triple); were it not, Search
// would still find no product and say ErrNoSolution.
func digitAdmits(la, lb, lc int) bool {
	alo, ahi := digitRange(la)
	blo, bhi := digitRange(lb)
	clo, chi := digitRange(lc)
	return alo*blo <= chi && ahi*bhi >= clo
}

// digitProducts calls f for every product x * y = z of numbers of la, lb
// and lc digits, in increasing order of x, then y.
func digitProducts(la, lb, lc int, f func(x, y, z int)) {
	alo, ahi := digitRange(la)
	blo, bhi := digitRange(lb)
	clo, chi := digitRange(lc)
	for x := alo; x <= ahi; x++ {
		for y := blo; y <= bhi; y++ {
			if z := x * y; z >= clo && z <= chi {
				f(x, y, z)
			}
		}
	}
}

// digitMatch reports whether v, written with exactly len(pat) digits,
// fits pat. The caller keeps v within that many digits.
func digitMatch(pat string, v int) bool {
	for i := len(pat) - 1; i >= 0; i-- {
		if pat[i] != '*' && int(pat[i]-'0') != v%10 {
			return false
		}
		v /= 10
	}
	return true
}

// Search finds the answer of p, asking unique whether a candidate pattern
// has exactly one solution. It deepens the number of changed characters
// d = 0, 1, ...; for each d it fills the positions of "ABC" left to right
// with the candidates '*', '0'..'9' (never '0' first in a number of two or
// more digits), and returns the first pattern with exactly d changes that
// unique accepts. That is the pattern the statement asks for when unique
// answers truly. ErrNoSolution means no product has p's lengths; an error
// from unique, or ctx.Err() when ctx is done, stops the search.
func (p Digit) Search(ctx context.Context, unique func(DigitAnswer) (bool, error)) (DigitAnswer, error) {
	if err := p.check(); err != nil {
		return DigitAnswer{}, fmt.Errorf("bad instance: %w", err)
	}
	if !digitAdmits(len(p.A), len(p.B), len(p.C)) {
		return DigitAnswer{}, ErrNoSolution
	}
	s := newDigitSearch(ctx, p, unique)
	for d := 0; d <= s.n; d++ {
		// A product that differs from the given pattern in more than d
		// digits fits no pattern within d changes, so it cannot witness
		// the cut in dfs: leave it out.
		if s.upto[d] == 0 {
			continue
		}
		found, err := s.dfs(0, d, s.sols[:s.upto[d]])
		if err != nil {
			return DigitAnswer{}, err
		}
		if found {
			return s.answer(), nil
		}
	}
	if s.upto[s.n] == 0 {
		return DigitAnswer{}, ErrNoSolution
	}
	// Every solution, written out in full, is a pattern with exactly one
	// solution within s.n changes, so a truthful unique never gets here.
	return DigitAnswer{}, errors.New("no candidate pattern was unique, though products fit: the uniqueness test is wrong")
}

// digitSol is one product x*y=z of the search, packed for a fast scan: bits
// 4i..4i+3 hold the digit at position i of "xyz", and bits 32+4i..32+4i+3
// the number of given digits at positions i.. that differ from it.
type digitSol uint64

// digit returns the digit at position i.
func (t digitSol) digit(i int) int { return int(t>>(4*i)) & 15 }

// miss returns how many given digits at positions i.. differ from t; 0
// for i = digitMaxLen.
func (t digitSol) miss(i int) int { return int(t>>(32+4*i)) & 15 }

// digitSearch is the state of one Search: the solutions of the length
// triple and the pattern being built.
type digitSearch struct {
	ctx    context.Context
	unique func(DigitAnswer) (bool, error)
	la, lb int
	n      int                  // total characters, len(A)+len(B)+len(C)
	orig   [digitMaxLen]byte    // the given pattern "ABC"
	cur    [digitMaxLen]byte    // the pattern being built
	sols   []digitSol           // every product x*y=z, by miss(0) ...
	upto   [digitMaxLen + 1]int // ... so those with miss(0) <= d are sols[:upto[d]] (dfs reorders only within it)
	tmp    []digitSol           // scratch for split, as long as sols
	nodes  int
}

// digitMaxLen is the longest "ABC" string.
const digitMaxLen = 2*DigitMaxFactor + DigitMaxProduct

// digitCtxEvery is how many search nodes pass between looks at ctx: often
// enough to stop within microseconds, rarely enough to cost nothing.
const digitCtxEvery = 1024

// newDigitSearch lists every product of p's lengths for a search of p.
func newDigitSearch(ctx context.Context, p Digit, unique func(DigitAnswer) (bool, error)) *digitSearch {
	s := &digitSearch{ctx: ctx, unique: unique, la: len(p.A), lb: len(p.B)}
	s.n = copy(s.orig[:], p.A+p.B+p.C)
	lc := len(p.C)
	// Each product is the sum of four pieces, looked up by x, y and the
	// high and low halves of z: digit fields do not overlap and miss
	// fields add up to at most digitMaxLen, so no field carries.
	var pa, pb, ph, pl [100]digitSol
	low := min(lc, 2)
	for v := range 100 {
		pa[v] = s.piece(0, s.la, v)
		pb[v] = s.piece(s.la, s.lb, v)
		ph[v] = s.piece(s.la+s.lb, lc-low, v)
		pl[v] = s.piece(s.n-low, low, v)
	}
	n := 0
	digitProducts(s.la, s.lb, lc, func(_, _, _ int) { n++ })
	buf := make([]digitSol, 2*n)
	s.sols, s.tmp = buf[:0:n], buf[n:]
	digitProducts(s.la, s.lb, lc, func(x, y, z int) {
		s.sols = append(s.sols, pa[x]+pb[y]+ph[z/100]+pl[z%100])
	})
	s.sortByMiss()
	return s
}

// piece returns the share of v, written as n digits at positions
// start..start+n-1, in a packed product: its digit fields, and the given
// digits it misses counted into the miss field of each position up to
// there.
func (s *digitSearch) piece(start, n, v int) digitSol {
	var t digitSol
	miss := 0
	for i := start + n - 1; i >= 0; i-- {
		if i >= start {
			d := v % 10
			v /= 10
			t |= digitSol(d) << (4 * i)
			if s.orig[i] != '*' && int(s.orig[i]-'0') != d {
				miss++
			}
		}
		t += digitSol(miss) << (32 + 4*i)
	}
	return t
}

// sortByMiss sorts s.sols by miss(0), by counting, and sets s.upto.
func (s *digitSearch) sortByMiss() {
	var next [digitMaxLen + 1]int
	for _, t := range s.sols {
		s.upto[t.miss(0)]++
	}
	for d := range s.upto {
		if d > 0 {
			next[d] = s.upto[d-1]
		}
		s.upto[d] += next[d]
	}
	copy(s.tmp, s.sols)
	for _, t := range s.tmp {
		s.sols[next[t.miss(0)]] = t
		next[t.miss(0)]++
	}
}

// dfs fills positions pos.. of s.cur with exactly left changes from the
// given pattern and reports whether some such pattern is unique; on true,
// s.cur holds the first. set holds the solutions that fit s.cur[:pos], and
// the caller has made sure that one of them has miss(pos) <= left <= s.n-pos.
// dfs may reorder set.
//
// The one cut, used for every child before descending: the final pattern's
// solutions are among the products in set that fit it. Take such a product
// t. At a position where the given digit differs from t the pattern must
// change (to '*' or t's digit); every other position may change or not and
// still fit t ('*' to t's digit, a digit to '*'). So a pattern with exactly
// left changes at positions pos.. and a solution exists iff some t in set
// has miss(pos) <= left <= the positions left. A pattern without a solution
// is not unique, so a branch failing that test holds no answer. It needs no
// call to unique. It also keeps the rule that a number of two or more
// digits never gets a leading '0': no product has that digit there, so
// the candidate has no t at all; likewise a leading zero given in B or C
// is a miss for every t, which forces the change.
func (s *digitSearch) dfs(pos, left int, set []digitSol) (bool, error) {
	s.nodes++
	if s.nodes%digitCtxEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	if left == 0 {
		// The caller checked that some t in set fits the given rest.
		copy(s.cur[pos:s.n], s.orig[pos:s.n])
		return s.unique(s.answer())
	}
	count, best := s.scan(pos, set)
	var ends [11]int
	grouped := false
	for k := range 11 {
		c := byte('*')
		if k > 0 {
			c = byte('0' + k - 1)
		}
		nl := left
		if c != s.orig[pos] {
			nl--
		}
		if nl < 0 || nl > s.n-pos-1 || best[k] > nl {
			continue
		}
		sub := set
		if k > 0 {
			if !grouped {
				// The '*' child is done with set: group it by digit now.
				ends, grouped = s.split(pos, set, count), true
			}
			sub = set[ends[k-1]:ends[k]]
		}
		s.cur[pos] = c
		if ok, err := s.dfs(pos+1, nl, sub); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// scan counts the solutions in set by their digit at pos, and returns in
// best[k] the least miss(pos+1) of those with digit k-1, in best[0] of all
// (for '*'); more than digitMaxLen when there is none.
func (s *digitSearch) scan(pos int, set []digitSol) (count [10]int, best [11]int) {
	for k := range best {
		best[k] = digitMaxLen + 1
	}
	for _, t := range set {
		d := t.digit(pos)
		count[d]++
		best[d+1] = min(best[d+1], t.miss(pos+1))
	}
	for d := range 10 {
		best[0] = min(best[0], best[d+1])
	}
	return count, best
}

// split reorders set (count says how many of each digit at pos it holds)
// so that the solutions with digit k-1 at pos are set[ends[k-1]:ends[k]].
func (s *digitSearch) split(pos int, set []digitSol, count [10]int) (ends [11]int) {
	for d := range 10 {
		ends[d+1] = ends[d] + count[d]
	}
	next := ends
	tmp := s.tmp[:len(set)]
	copy(tmp, set)
	for _, t := range tmp {
		d := t.digit(pos)
		set[next[d]] = t
		next[d]++
	}
	return ends
}

// answer returns s.cur as a DigitAnswer.
func (s *digitSearch) answer() DigitAnswer {
	str := string(s.cur[:s.n])
	return DigitAnswer{A: str[:s.la], B: str[s.la : s.la+s.lb], C: str[s.la+s.lb:]}
}
