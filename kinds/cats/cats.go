package cats

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Limits of the cats input. AcWing 165 has N <= 18 and weights up to 10^8;
// these bounds leave room for larger instances and keep every sum of
// weights far inside an int64.
const (
	MaxCats   = 1000          // most cats in one instance
	MaxWeight = 1_000_000_000 // largest weight and capacity
)

// Instance is one instance of "cats and cable cars" (小猫爬山, AcWing 165):
// the fewest cable cars of capacity W that carry every cat, each car's
// load at most W.
type Instance struct {
	W       int   // capacity of a car, 1..MaxCatWeight
	Weights []int // the weight of every cat, 1..MaxCatWeight, in input order
}

// Answer is an answer to a [Cats] instance: the cats in each car, as
// indices into Weights. The answer is the number of cars.
type Answer struct {
	Cars [][]int
}

// Parse reads every instance of r: N (1..MaxCats) and W, then N
// weights, separated by any white space, until the end of input. Weights
// and W are in 1..MaxCatWeight. An input with no instance is an error.
// file names r in errors, which are *ParseError values.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the instances of r as ParseCats does, calling yield with
// each as soon as it is read, and stops at the first error of the input
// or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := puzzle.NewTokens(file, r)
	count := 0
	for ; ; count++ {
		f, ok := t.Next()
		if !ok {
			break
		}
		n, err := catsNumber(t, f, "N (the number of cats)", MaxCats)
		if err != nil {
			return err
		}
		w, err := catsField(t, "W (the capacity of a car)")
		if err != nil {
			return err
		}
		// Memory follows what the input holds, not what N promises.
		p := Instance{W: w, Weights: make([]int, 0, min(n, 1024))}
		for i := range n {
			v, err := catsField(t, fmt.Sprintf("the weight of cat %d of %d", i+1, n))
			if err != nil {
				return err
			}
			p.Weights = append(p.Weights, v)
		}
		if err := yield(p); err != nil {
			return err
		}
	}
	if err := t.Err(); err != nil {
		return err
	}
	if count == 0 {
		return t.Errorf("expected N (the number of cats), got end of input")
	}
	return nil
}

// catsField reads the next field as a number in 1..MaxCatWeight.
func catsField(t *puzzle.Tokens, what string) (int, error) {
	f, ok := t.Next()
	if !ok {
		if err := t.Err(); err != nil {
			return 0, err
		}
		return 0, t.Errorf("expected %s, got end of input", what)
	}
	return catsNumber(t, f, what, MaxWeight)
}

// catsNumber parses field f as an integer in 1..hi.
func catsNumber(t *puzzle.Tokens, f, what string, hi int) (int, error) {
	v, err := strconv.Atoi(f)
	switch {
	case err == nil && v > hi || errors.Is(err, strconv.ErrRange) && f[0] != '-':
		return 0, t.Errorf("%s is %s: at most %d is supported", what, puzzle.Short(f), hi)
	case err != nil || v < 1:
		return 0, t.Errorf("expected %s, a whole number 1..%d, got %s", what, hi, puzzle.Quote(f))
	}
	return v, nil
}

// String returns the instance in input format: "N W" on one line and the
// weights on the next.
func (p Instance) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", len(p.Weights), p.W)
	for i, v := range p.Weights {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('\n')
	return b.String()
}

// Verify returns nil if a puts every cat of p in exactly one car, no car
// is empty and no car's load passes W. It cannot tell whether the number
// of cars is the least possible.
func (p Instance) Verify(a Answer) error {
	in := make([]int, len(p.Weights)) // in[i]: car of cat i, plus 1
	for c, car := range a.Cars {
		if len(car) == 0 {
			return fmt.Errorf("cats: car %d is empty", c+1)
		}
		load := 0
		for _, i := range car {
			if i < 0 || i >= len(p.Weights) {
				return fmt.Errorf("cats: car %d holds cat %d, but there are %d cats", c+1, i+1, len(p.Weights))
			}
			if in[i] != 0 {
				return fmt.Errorf("cats: cat %d is in car %d and car %d", i+1, in[i], c+1)
			}
			in[i] = c + 1
			load += p.Weights[i]
		}
		if load > p.W {
			return fmt.Errorf("cats: car %d carries %d, more than %d", c+1, load, p.W)
		}
	}
	for i, c := range in {
		if c == 0 {
			return fmt.Errorf("cats: cat %d (weight %d) is in no car", i+1, p.Weights[i])
		}
	}
	return nil
}

// LowerBound returns a bound no answer can beat: Martello and Toth's L2
// ("Lower bounds and reduction procedures for the bin packing problem",
// 1990), which contains ceil(sum/W) and the number of cats heavier than
// W/2 (no two of them share a car). For a threshold a ≤ W/2, a cat
// heavier than W-a shares its car with no cat of at least a, the cats
// over W/2 pairwise share no car, and the cats of a..W/2 fill at best the
// room those leave, so the cars number at least
// |J1| + |J2| + ceil((Σ J3 - (|J2|·W - Σ J2)) / W), with J1 the cats over
// W-a, J2 those in (W/2, W-a] and J3 those in [a, W/2]; a = 0 gives
// max(ceil(sum/W), |J2|). It takes every weight up to W/2 and 0 as a, in
// O(n²) time. It is 0 for no cats, and the heavy cats for W < 1.
func (p Instance) LowerBound() int {
	if p.W < 1 {
		heavy := 0
		for _, v := range p.Weights {
			if 2*v > p.W {
				heavy++
			}
		}
		return heavy
	}
	best := 0
	for i, a := range append([]int{0}, p.Weights...) {
		if 2*a > p.W || i > 0 && slices.Contains(p.Weights[:i-1], a) {
			continue // not a threshold, or one already tried
		}
		best = max(best, p.l2(a))
	}
	return best
}

// l2 returns the bound of LowerBound for the threshold a.
func (p Instance) l2(a int) int {
	n1, n2, sum2, sum3 := 0, 0, 0, 0
	for _, v := range p.Weights {
		switch {
		case v > p.W-a:
			n1++
		case 2*v > p.W:
			n2++
			sum2 += v
		case v >= a:
			sum3 += v
		}
	}
	l := n1 + n2
	if over := sum3 - (n2*p.W - sum2); over > 0 {
		l += (over + p.W - 1) / p.W
	}
	return l
}

// Format returns the judge output for a: the number of cars and a newline.
func (p Instance) Format(a Answer) string { return strconv.Itoa(len(a.Cars)) + "\n" }

// Fail returns the line printed in place of an answer, word being
// "no solution" or "timeout".
func (p Instance) Fail(word string) string { return word + "\n" }

// Certificate returns the witness of the answer as comment lines, one per
// car, with the cats' weights and, in brackets, their 1-based positions in
// the input: "# car 1: 1994 [3]".
func (p Instance) Certificate(a Answer) string {
	var b strings.Builder
	for c, car := range a.Cars {
		fmt.Fprintf(&b, "# car %d:", c+1)
		for _, i := range car {
			if i >= 0 && i < len(p.Weights) {
				fmt.Fprintf(&b, " %d [%d]", p.Weights[i], i+1)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
