package sat

import (
	"github.com/puzzlesat/puzzlesat/kinds/cake"
)

// firstCake returns a cake of volume p.Volume built without the SAT
// solver: the top layers as small as they can be (radius and height i
// for the i-th from the top), and the bottom ones, up to firstFree of
// them, tried in full for an exact fit, keeping the cake of least area.
// It reports false when no such cake exists (the volume left is no sum
// of that many r²h of growing radius and height). On the book cases its
// area is near the optimum, much nearer than with two bottom layers or
// than the first cake of a SAT solve without a bound (docs/results.md).
func firstCake(p cake.Instance) (cake.Answer, bool) {
	var best cake.Answer
	for free := 1; free <= min(firstFree, p.Layers); free++ {
		if a, ok := fitBottom(p, free); ok && (best.Area == 0 || a.Area < best.Area) {
			best = a
		}
	}
	return best, best.Area > 0
}

// fitBottom returns the least-area cake whose top p.Layers-free layers
// are as small as they can be, found by trying every radius and height
// of the free layers under them, from the top one down, the bottom
// one's height following from the volume left.
func fitBottom(p cake.Instance, free int) (cake.Answer, bool) {
	m := p.Layers
	if free < 1 || free > m {
		return cake.Answer{}, false
	}
	f := bottomFit{best: 3*p.Volume + 1, layers: make([]cake.Layer, m)}
	rem, area := p.Volume, 0
	for i := 1; i <= m-free; i++ {
		f.layers[m-i] = cake.Layer{R: i, H: i}
		rem -= i * i * i
		area += 2 * i * i
	}
	if rem <= 0 {
		return cake.Answer{}, false
	}
	lo := m - free + 1 // the least radius and height of the top free layer
	f.fit(free-1, lo, lo, rem, area)
	if f.bestLayers == nil {
		return cake.Answer{}, false
	}
	return cake.Answer{Area: f.best, Layers: f.bestLayers}, true
}

// bottomFit is the state of fitBottom: the layers, bottom first, and
// the best cake so far.
type bottomFit struct {
	layers     []cake.Layer
	best       int
	bestLayers []cake.Layer
}

// fit places layer i (0 is the bottom) and the ones under it, of radius
// at least r and height at least h, holding rem together, on top of
// layers of side area area.
func (f *bottomFit) fit(i, r, h, rem, area int) {
	if i == 0 {
		f.bottom(r, h, rem, area)
		return
	}
	for ; ; r++ {
		// The layers under this one are wider and taller: at least
		// (r+j)²(h+j) each, and a disc of (r+i)².
		vol, side := stackLeast(i, r, h)
		if vol > rem || area+side+(r+i)*(r+i) >= f.best {
			return
		}
		for hh := h; ; hh++ {
			vol, side := stackLeast(i, r, hh)
			if vol > rem || area+side+(r+i)*(r+i) >= f.best {
				break
			}
			f.layers[i] = cake.Layer{R: r, H: hh}
			f.fit(i-1, r+1, hh+1, rem-r*r*hh, area+2*r*hh)
		}
	}
}

// bottom tries every radius of the bottom layer from r up whose height,
// rem/r², is whole and at least h.
func (f *bottomFit) bottom(r, h, rem, area int) {
	for ; r*r*h <= rem; r++ {
		hh := rem / (r * r)
		if hh*r*r != rem {
			continue
		}
		if a := area + r*r + 2*r*hh; a < f.best {
			f.best = a
			f.layers[0] = cake.Layer{R: r, H: hh}
			f.bestLayers = append(f.bestLayers[:0], f.layers...)
		}
	}
}

// stackLeast returns the least volume and side area of a layer of radius
// r and height h with i layers under it.
func stackLeast(i, r, h int) (vol, side int) {
	for j := 0; j <= i; j++ {
		vol += (r + j) * (r + j) * (h + j)
		side += 2 * (r + j) * (h + j)
	}
	return vol, side
}

// firstFree is the most bottom layers firstCake fits: three reach the
// optimum on more pairs than two and stay cheap, four cost more than they
// find (docs/results.md).
const firstFree = 3
