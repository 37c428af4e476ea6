package cake

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// Limits of a Birthday Cake instance, as the statement gives them.
const (
	MaxVolume = 10000 // largest volume N
	MaxLayers = 20    // largest number of layers M
)

// Instance is one Birthday Cake instance (POJ 1190 / NOI1999 "生日蛋糕"):
// stack Layers cylinders, radii and heights integer, at least 1 and
// strictly decreasing upwards, with total volume Volume (in units of pi),
// so that the outer surface without the bottom is as small as possible.
type Instance struct {
	Volume int // N, the volume R_1^2 H_1 + ... + R_M^2 H_M, 1..MaxCakeVolume
	Layers int // M, the number of layers, 1..MaxCakeLayers
}

// Layer is one cylinder of a cake.
type Layer struct {
	R, H int // radius and height, both at least 1
}

// Answer is the optimum of a Cake instance with its certificate.
type Answer struct {
	// Area is Q = R_1^2 + sum 2 R_i H_i, the outer surface without the
	// bottom divided by pi; 0 when no cake of that volume and layer count
	// exists.
	Area int
	// Layers lists the layers bottom first; empty when Area is 0.
	Layers []Layer
}

// Parse reads a whole input of Cake instances: pairs of a volume N
// (1..MaxCakeVolume) and a layer count M (1..MaxCakeLayers), whitespace
// separated across any lines, until the end of input. file names the
// input in errors, which are *ParseError values; an input without any pair
// is an error.
func Parse(file string, r io.Reader) ([]Instance, error) {
	return puzzle.Collect(file, r, Scan)
}

// Scan reads the pairs of r as ParseCake does, calling yield with
// each as soon as it is read, and stops at the first error of the input
// or of yield.
func Scan(file string, r io.Reader, yield func(Instance) error) error {
	t := puzzle.NewTokens(file, r)
	n := 0
	for ; ; n++ {
		f, ok := t.Next()
		if !ok {
			break
		}
		p, err := parseCakePair(t, f)
		if err != nil {
			return err
		}
		if err := yield(p); err != nil {
			return err
		}
	}
	if err := t.Err(); err != nil {
		return err
	}
	if n == 0 {
		return t.Errorf("expected volume N and layer count M, got end of input")
	}
	return nil
}

// parseCakePair reads the pair whose volume is the field f just read.
func parseCakePair(t *puzzle.Tokens, f string) (Instance, error) {
	n, err := cakeField(t, f, "volume N", MaxVolume)
	if err != nil {
		return Instance{}, err
	}
	nLine := t.TokenLine
	f, ok := t.Next()
	if !ok {
		if err := t.Err(); err != nil {
			return Instance{}, err
		}
		return Instance{}, t.ErrorAt(nLine, "expected layer count M after volume %d, got end of input", n)
	}
	m, err := cakeField(t, f, "layer count M", MaxLayers)
	if err != nil {
		return Instance{}, err
	}
	return Instance{Volume: n, Layers: m}, nil
}

// cakeField converts the field f just read by t to an integer in 1..hi.
func cakeField(t *puzzle.Tokens, f, what string, hi int) (int, error) {
	v, err := strconv.Atoi(f)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && (v < 1 || v > hi):
		return 0, t.Errorf("%s %s out of range 1..%d", what, puzzle.Short(f), hi)
	case err != nil:
		return 0, t.Errorf("expected %s, got %s", what, puzzle.Quote(f))
	}
	return v, nil
}

// String returns the instance in judge input format: N and M on two lines.
func (p Instance) String() string {
	return fmt.Sprintf("%d\n%d\n", p.Volume, p.Layers)
}

// Format returns the judge output for the answer: Q and a newline.
func (p Instance) Format(a Answer) string {
	return strconv.Itoa(a.Area) + "\n"
}

// Fail returns the line printed instead of an answer; word is
// "no solution" or "timeout". A cake that cannot exist is not a failure:
// it is the answer 0.
func (p Instance) Fail(word string) string {
	return word + "\n"
}

// Certificate returns the witness of the answer as lines starting with
// "#": each layer's radius and height, bottom first.
func (p Instance) Certificate(a Answer) string {
	if len(a.Layers) == 0 {
		return fmt.Sprintf("# no cake of volume %d with %d layers\n", p.Volume, p.Layers)
	}
	var b strings.Builder
	for i, l := range a.Layers {
		fmt.Fprintf(&b, "# layer %d: R=%d H=%d\n", i+1, l.R, l.H)
	}
	return b.String()
}

// Verify reports whether a is a cake for p: for Area > 0, exactly
// p.Layers layers with radii and heights at least 1 and strictly
// decreasing upwards, volume p.Volume, and area Area; for Area 0, no
// layers. It does not check that the area is the smallest, nor that no
// cake exists when Area is 0.
func (p Instance) Verify(a Answer) error {
	switch {
	case a.Area < 0:
		return fmt.Errorf("negative area %d", a.Area)
	case a.Area == 0 && len(a.Layers) != 0:
		return errors.New("area 0 (no cake) but the answer has layers")
	case a.Area == 0:
		return nil
	case len(a.Layers) != p.Layers:
		return fmt.Errorf("%d layers, want %d", len(a.Layers), p.Layers)
	}
	if err := cakeShape(a.Layers); err != nil {
		return err
	}
	rem := p.Volume
	for i, l := range a.Layers {
		// R^2 H > rem, written without products that could overflow.
		if l.R > rem/l.R || l.H > rem/(l.R*l.R) {
			return fmt.Errorf("layers 1..%d hold more than the volume %d", i+1, p.Volume)
		}
		rem -= l.R * l.R * l.H
	}
	if rem != 0 {
		return fmt.Errorf("volume %d, want %d", p.Volume-rem, p.Volume)
	}
	// Every R_i H_i <= R_i^2 H_i <= Volume now, so the sum cannot overflow.
	area := a.Layers[0].R * a.Layers[0].R
	for _, l := range a.Layers {
		area += 2 * l.R * l.H
	}
	if area != a.Area {
		return fmt.Errorf("the layers have area %d, answer says %d", area, a.Area)
	}
	return nil
}

// cakeShape checks that radii and heights are at least 1 and strictly
// decreasing from the bottom layer up.
func cakeShape(layers []Layer) error {
	for i, l := range layers {
		if l.R < 1 || l.H < 1 {
			return fmt.Errorf("layer %d: R=%d H=%d, both must be at least 1", i+1, l.R, l.H)
		}
		if i > 0 && (l.R >= layers[i-1].R || l.H >= layers[i-1].H) {
			return fmt.Errorf("layer %d: R=%d H=%d is not narrower and lower than the layer below (R=%d H=%d)",
				i+1, l.R, l.H, layers[i-1].R, layers[i-1].H)
		}
	}
	return nil
}
