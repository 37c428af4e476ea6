package sticks

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Limits of the sticks input. The statement promises n <= 64 and lengths
// <= 50; the official judge data has lengths up to 64. These bounds leave
// ample room and keep every sum far inside an int.
const (
	MaxPieces = 1000  // most pieces in one block
	MaxPiece  = 10000 // longest piece accepted
)

// Instance is one block of POJ 1011 / UVa 307 "Sticks": sticks of one equal
// length were cut into pieces, and the search looks for the smallest such
// length that lets every piece be used. Each piece is in 1..MaxStickPiece.
type Instance struct {
	Pieces []int // the length of every piece, in input order
}

// Answer is an answer to a [Sticks] block: the stick length and a
// certificate, the pieces that make up each stick.
type Answer struct {
	Length int     // the length of every original stick
	Sticks [][]int // the piece lengths of each stick
}

// Parse reads every block of a sticks input: a count n in
// 1..MaxSticksPieces, then n lengths in 1..MaxStickPiece, separated by any
// white space (they may wrap over several lines). A count of 0, or the end
// of input where a count is expected, ends the input; anything after the 0
// is ignored, as the judge does. An input with no block is an error. file
// names the input in errors, which are *ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the blocks of r as ParseSticks does, calling yield
// with each as soon as it is read, and stops at the first error of the
// input or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := puzzle.NewTokens(file, r)
	for blocks := 0; ; blocks++ {
		f, ok := t.Next()
		if !ok {
			if err := t.Err(); err != nil {
				return err
			}
		}
		n, err := strconv.Atoi(f)
		switch {
		case !ok || n == 0 && err == nil:
			if blocks == 0 {
				return t.Errorf("expected a block (a piece count, then the pieces), got %s", endOrZero(ok))
			}
			return nil
		case err == nil && n > MaxPieces || errors.Is(err, strconv.ErrRange) && f[0] != '-':
			return t.Errorf("block of %s pieces: at most %d are supported", puzzle.Short(f), MaxPieces)
		case err != nil || n < 0:
			return t.Errorf("expected a piece count (0 ends the input), got %s", puzzle.Quote(f))
		}
		p, err := parseSticksBlock(t, n)
		if err != nil {
			return err
		}
		if err := yield(p); err != nil {
			return err
		}
	}
}

// endOrZero names what ended an input early: its end, or the line "0".
func endOrZero(read bool) string {
	if read {
		return `"0", which ends the input`
	}
	return "end of input"
}

// parseSticksBlock reads the n lengths of one block.
func parseSticksBlock(t *puzzle.Tokens, n int) (Instance, error) {
	p := Instance{Pieces: make([]int, n)}
	for i := range p.Pieces {
		f, ok := t.Next()
		if !ok {
			if err := t.Err(); err != nil {
				return Instance{}, err
			}
			return Instance{}, t.Errorf("expected piece %d of %d, got end of input", i+1, n)
		}
		v, err := strconv.Atoi(f)
		tooLong := err == nil && v > MaxPiece || errors.Is(err, strconv.ErrRange) && f[0] != '-'
		switch {
		case tooLong:
			return Instance{}, t.Errorf("piece %d of %d is %s long: at most %d is supported", i+1, n, puzzle.Short(f), MaxPiece)
		case err != nil || v < 1:
			return Instance{}, t.Errorf("expected piece %d of %d (a length 1..%d), got %s", i+1, n, MaxPiece, puzzle.Quote(f))
		}
		p.Pieces[i] = v
	}
	return p, nil
}

// String returns the block in judge input format: the count on one line and
// the lengths on the next. The closing "0" line is not included.
func (p Instance) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(p.Pieces)))
	b.WriteByte('\n')
	for i, v := range p.Pieces {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('\n')
	return b.String()
}

// DropLonger returns the block without the pieces longer than max, and how
// many it dropped. It reproduces the CERC 1995 judge, whose answers ignore
// the pieces over 50 that its data holds. The result may have no pieces.
func (p Instance) DropLonger(max int) (Instance, int) {
	kept := make([]int, 0, len(p.Pieces))
	for _, v := range p.Pieces {
		if v <= max {
			kept = append(kept, v)
		}
	}
	return Instance{Pieces: kept}, len(p.Pieces) - len(kept)
}

// Verify reports whether a is a valid answer for p: the sticks use exactly
// the pieces of p, each once, and every stick is a.Length long. It cannot
// tell whether a.Length is the smallest possible.
func (p Instance) Verify(a Answer) error {
	if a.Length < 1 {
		return fmt.Errorf("stick length %d is not positive", a.Length)
	}
	used := make([]int, 0, len(p.Pieces))
	for i, s := range a.Sticks {
		sum := 0
		for _, v := range s {
			sum += v
		}
		if sum != a.Length {
			return fmt.Errorf("stick %d sums to %d, want %d", i+1, sum, a.Length)
		}
		used = append(used, s...)
	}
	have := slices.Clone(p.Pieces)
	slices.Sort(used)
	slices.Sort(have)
	// Walk the two sorted multisets a length at a time, smallest first.
	for len(used) > 0 || len(have) > 0 {
		v := sticksSmallest(used, have)
		nu, nh := sticksRun(used, v), sticksRun(have, v)
		if nu != nh {
			return fmt.Errorf("the sticks use %d pieces of length %d, the block has %d", nu, v, nh)
		}
		used, have = used[nu:], have[nh:]
	}
	return nil
}

// sticksSmallest returns the smaller first element of two sorted slices,
// not both empty.
func sticksSmallest(a, b []int) int {
	switch {
	case len(a) == 0:
		return b[0]
	case len(b) == 0 || a[0] < b[0]:
		return a[0]
	}
	return b[0]
}

// sticksRun returns how many elements at the start of sorted s equal v.
func sticksRun(s []int, v int) int {
	n := 0
	for n < len(s) && s[n] == v {
		n++
	}
	return n
}

// Format returns the judge output for the answer: the length and a newline.
func (p Instance) Format(a Answer) string {
	return strconv.Itoa(a.Length) + "\n"
}

// Fail returns the line printed in place of an answer, such as
// "no solution\n" or "timeout\n".
func (p Instance) Fail(word string) string {
	return word + "\n"
}

// Certificate returns the witness of the answer as comment lines, one per
// stick: "# stick 1: 50 5 3".
func (p Instance) Certificate(a Answer) string {
	var b strings.Builder
	for i, s := range a.Sticks {
		fmt.Fprintf(&b, "# stick %d:", i+1)
		for _, v := range s {
			fmt.Fprintf(&b, " %d", v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
