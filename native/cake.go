package native

import (
	"context"
	"fmt"

	"puzzlesat/internal/intmath"
	"puzzlesat/internal/poll"
	"puzzlesat/puzzle"
	"puzzlesat/technique"
)

// Cake returns the cake of least area for p with its layers, bottom first.
// When no cake of that volume and layer count exists it returns Area 0
// and no layers: that is an answer, never puzzle.ErrNoSolution. It returns
// ctx.Err() when ctx is done first, and an error for an instance outside
// the limits 1..puzzle.MaxCakeVolume and 1..puzzle.MaxCakeLayers.
//
// The search builds the cake from the bottom, largest radius and height
// first, and cuts with the volume and area bounds of the classic solution
// (NOI1999 "生日蛋糕"), plus an upper bound on the volume the layers above
// can still hold: the prunings of CakePrunings, which on switches.
// Stats.Nodes counts the layers placed.
func Cake(ctx context.Context, p puzzle.Cake, on technique.Set) (puzzle.CakeAnswer, Stats, error) {
	if p.Volume < 1 || p.Volume > puzzle.MaxCakeVolume || p.Layers < 1 || p.Layers > puzzle.MaxCakeLayers {
		return puzzle.CakeAnswer{}, Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, puzzle.MaxCakeVolume, puzzle.MaxCakeLayers)
	}
	s := newCakeSearch(ctx, p, on)
	// The bottom layer has nothing below it: any radius and height that
	// fit the volume, which the loops in dfs bound by themselves.
	s.dfs(p.Layers, p.Volume, 0, p.Volume+1, p.Volume+1)
	st := Stats{Nodes: s.tick.Steps()}
	if err := s.tick.Err(); err != nil {
		return puzzle.CakeAnswer{}, st, err
	}
	if s.best > 3*p.Volume {
		return puzzle.CakeAnswer{}, st, nil
	}
	return puzzle.CakeAnswer{Area: s.best, Layers: s.bestLayers}, st, nil
}

// CakePrunings returns the prunings of Cake's search, every one on by
// default.
func CakePrunings() []technique.Pruning {
	return []technique.Pruning{
		{Name: "large-first", Category: technique.Order,
			Doc: "radii and heights are tried from large to small, which finds a cake of small area early (off: small to large)"},
		{Name: "layer-limits", Category: technique.Feasibility,
			Doc: "layer u from the top has radius and height at least u, so r²·u fits the volume it may take (off: at least 1)"},
		{Name: "volume-bound", Category: technique.Feasibility,
			Doc: "a layer leaves the layers above their least volume 1³+...+(u-1)³, and a node with less volume than its layers' least is cut"},
		{Name: "room-above", Category: technique.Feasibility,
			Doc: "cut a height that leaves more volume than the layers above, each narrower and lower by one, can hold"},
		{Name: "least-area", Category: technique.Optimality,
			Doc: "cut when the area so far plus the least side area of the layers left, 2(1²+...+u²), reaches the best cake's"},
		{Name: "area-bound", Category: technique.Optimality,
			Doc: "cut when the area so far plus 2·(volume left)/r, the least side area of the layers left under radius r, reaches the best cake's"},
	}
}

// noCut stands for a bound that cuts nothing: no area reaches the best
// when added to it.
const noCut = -1 << 40

// cakeSearch is the state of one Birthday Cake search. Layer u counts
// from the top: layer 1 is the top one, layer m the bottom one. Since radii
// and heights are integers that decrease strictly upwards, layer u has
// radius and height at least u.
//
// The switches are read into the tables once: a pruning that is off makes
// its table cut nothing (needV and keepV 0, needA noCut, lo 1).
type cakeSearch struct {
	tick  poll.Ticker // counts the nodes
	m     int
	needV []int              // needV[u]: a node with less volume left for layers u..1 is cut (Σ i³ for i = 1..u)
	keepV []int              // keepV[u]: the volume a layer under layer u leaves for layers u..1
	needA []int              // needA[u]: least side area of layers u..1, the sum of 2 i^2
	lo    []int              // lo[u]: the least radius and height of layer u
	best  int                // area of the best cake found; 3 * volume + 1 before any
	cur   []puzzle.CakeLayer // the layers placed so far, bottom first

	largeFirst, roomAbove, areaBound bool

	bestLayers []puzzle.CakeLayer // a copy of cur when best was last set
}

func newCakeSearch(ctx context.Context, p puzzle.Cake, on technique.Set) *cakeSearch {
	m := p.Layers
	s := &cakeSearch{
		tick:  poll.New(ctx),
		m:     m,
		needV: make([]int, m+1),
		keepV: make([]int, m+1),
		needA: make([]int, m+1),
		lo:    make([]int, m+1),
		cur:   make([]puzzle.CakeLayer, m),
		// Every cake has area R_1^2 + sum 2 R_i H_i <= 3 sum R_i^2 H_i.
		best:       3*p.Volume + 1,
		largeFirst: !on.Off("large-first"),
		roomAbove:  !on.Off("room-above"),
		areaBound:  !on.Off("area-bound"),
	}
	volume, limits, least := !on.Off("volume-bound"), !on.Off("layer-limits"), !on.Off("least-area")
	minV, minA := 0, 0
	for u := 1; u <= m; u++ {
		minV += u * u * u
		minA += 2 * u * u
		s.lo[u], s.needA[u] = 1, noCut
		if limits {
			s.lo[u] = u
		}
		if volume {
			s.needV[u], s.keepV[u] = minV, minV
		}
		if least {
			s.needA[u] = minA
		}
	}
	return s
}

// dfs places layer u on a layer of radius rBelow and height hBelow, with
// rem volume left for layers u..1 and area the area of the layers below.
func (s *cakeSearch) dfs(u, rem, area, rBelow, hBelow int) {
	if !s.tick.Tick() {
		return
	}
	if u == 0 {
		// For the top layer, room-above lets only a height through that
		// leaves nothing over; without it the leaf checks.
		if rem == 0 && area < s.best {
			s.best = area
			s.bestLayers = append(s.bestLayers[:0], s.cur...)
		}
		return
	}
	// Layers u..1 have radii and heights at least u, u-1, ..., 1.
	if rem < s.needV[u] || area+s.needA[u] >= s.best {
		return
	}
	avail := rem - s.keepV[u-1] // the most this layer can hold
	lo := s.lo[u]
	// This layer's height is at least lo, so r^2 lo <= avail.
	rMax := min(rBelow-1, intmath.Sqrt(avail/lo))
	if s.largeFirst {
		for r := rMax; r >= lo; r-- {
			if !s.radius(u, r, rem, avail, area, hBelow) {
				break
			}
		}
		return
	}
	// Small to large, the area bound cuts the smallest radii (and any
	// bottom radius), so a cut one says nothing of the next.
	for r := lo; r <= rMax && s.tick.Err() == nil; r++ {
		s.radius(u, r, rem, avail, area, hBelow)
	}
}

// radius tries layer u with radius r and reports whether a smaller
// radius may still be tried: false once the search must end, or when the
// area bound cuts r, which it does for every smaller r too.
func (s *cakeSearch) radius(u, r, rem, avail, area, hBelow int) bool {
	top := 0
	if u == s.m {
		top = r * r // the tops of all layers together cover the bottom's disc
	}
	// Layers u..1 have radii at most r, so their side area
	// sum 2 r_i h_i = sum 2 r_i^2 h_i / r_i is at least 2 rem / r.
	if s.areaBound && area+top+intmath.CeilDiv(2*rem, r) >= s.best {
		// A smaller bottom has a smaller top: try it. Above the bottom, a
		// smaller r only raises the bound.
		return u == s.m
	}
	s.layer(u, r, rem, avail, area+top, hBelow)
	return s.tick.Err() == nil
}

// layer tries every height for layer u with radius r, in the search's
// order.
func (s *cakeSearch) layer(u, r, rem, avail, area, hBelow int) {
	// Layers u-1..1 have radii at most r-1, ..., r-u+1 and heights at most
	// h-1, ..., h-u+1, so they hold at most h*sum2 - sum3 (sums over i=1..u-1
	// of (r-i)^2 and i (r-i)^2). A term of a radius or height below 1 makes
	// the bound wrong, but then no layer fits above anyway.
	sum2, sum3 := 0, 0
	if s.roomAbove {
		for i := 1; i < u; i++ {
			sum2 += (r - i) * (r - i)
			sum3 += i * (r - i) * (r - i)
		}
	}
	hMax := min(hBelow-1, avail/(r*r))
	lo := s.lo[u]
	if s.largeFirst {
		for h := hMax; h >= lo; h-- {
			left := rem - r*r*h
			if s.roomAbove && left > h*sum2-sum3 {
				break // a lower layer leaves more volume and less room above
			}
			s.cur[s.m-u] = puzzle.CakeLayer{R: r, H: h}
			s.dfs(u-1, left, area+2*r*h, r, h)
		}
		return
	}
	for h := lo; h <= hMax; h++ {
		left := rem - r*r*h
		if s.roomAbove && left > h*sum2-sum3 {
			continue // a taller layer may leave little enough
		}
		s.cur[s.m-u] = puzzle.CakeLayer{R: r, H: h}
		s.dfs(u-1, left, area+2*r*h, r, h)
	}
}
