package dfs

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/internal/intmath"
	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the cake of least area for p with its layers, bottom first.
// When no cake of that volume and layer count exists it returns Area 0
// and no layers: that is an answer, never puzzle.ErrNoSolution. It returns
// ctx.Err() when ctx is done first, and an error for an instance outside
// the limits 1..cake.MaxVolume and 1..cake.MaxLayers.
//
// The search builds the cake from the bottom, largest radius and height
// first, and cuts with the volume and area bounds of the classic solution
// (NOI1999 "生日蛋糕"), plus an upper bound on the volume the layers above
// can still hold: the prunings of CakePrunings, which on switches.
// Stats.Nodes counts the calls of the search, one per layer placed and one
// for the empty cake.
//
// What the search does without a switch makes it correct, not fast: a
// layer is narrower and lower than the one below and takes no more than
// the volume left (the puzzle's rules), the bottom's radius squared is
// the area of the tops, and a cake is kept only when its volume is used up.
// The area 3N+1 that the optimality bounds start from before any cake is
// found is no pruning either: no cake's area exceeds three times its volume, and
// with volume-bound on the cap cuts nothing, as the layers placed have an
// area at most three times their volume and each bound is at most three
// times the volume left.
func Solve(ctx context.Context, p cake.Instance, on technique.Set) (cake.Answer, search.Stats, error) {
	if p.Volume < 1 || p.Volume > cake.MaxVolume || p.Layers < 1 || p.Layers > cake.MaxLayers {
		return cake.Answer{}, search.Stats{}, fmt.Errorf("cake with volume %d and %d layers is outside the limits 1..%d and 1..%d",
			p.Volume, p.Layers, cake.MaxVolume, cake.MaxLayers)
	}
	s := newCakeSearch(ctx, p, on)
	// The bottom layer has nothing below it: any radius and height that
	// fit the volume, which the loops in dfs bound by themselves.
	if s.fast {
		s.dfs(p.Layers, p.Volume, 0, p.Volume+1, p.Volume+1)
	} else {
		s.dfsAny(p.Layers, p.Volume, 0, p.Volume+1, p.Volume+1)
	}
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(cakePrunings)}
	if err := s.tick.Err(); err != nil {
		return cake.Answer{}, st, err
	}
	if s.bestLayers == nil {
		return cake.Answer{}, st, nil
	}
	return cake.Answer{Area: s.best, Layers: s.bestLayers}, st, nil
}

// The prunings of Cake, indexed as in CakePrunings and in its cut counts:
// the chapter's five in its order, then the one beyond it.
const (
	cakeLayerLimits = iota
	cakeLargeFirst
	cakeVolumeBound
	cakeLeastArea
	cakeAreaBound
	cakeRoomAbove
	cakePrunings // the number of prunings
)

// Prunings returns the prunings of Cake's search, every one on by
// default. Layer u tries a range of radii, and for each radius a range of
// heights, from 1 up to what the layer below and the volume left allow;
// layer-limits and volume-bound shorten those ranges, the others cut
// values from them.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		cakeLayerLimits: {Name: "layer-limits", Category: technique.Feasibility, Chapter: "1", Counts: "radii and heights below u skipped",
			Doc: "layer u from the top has radius and height at least u, so r²·u fits the volume it may take (off: at least 1); each range of layer u skips its u-1 values below u"},
		cakeLargeFirst: {Name: "large-first", Category: technique.Order, Chapter: "2", Counts: "radii and heights skipped at once",
			Doc: "radii and heights are tried from large to small, which finds a cake of small area early, and a bound that fails at one cuts the smaller ones with it (off: small to large)"},
		cakeVolumeBound: {Name: "volume-bound", Category: technique.Feasibility, Chapter: "3", Counts: "ranges shortened, cakes cut",
			Doc: "a layer leaves the layers above their least volume 1³+...+(u-1)³, which shortens its ranges, and a cake whose volume is less than its layers' least is cut"},
		cakeLeastArea: {Name: "least-area", Category: technique.Optimality, Chapter: "4", Counts: "nodes cut",
			Doc: "cut when the area so far plus the least side area of the layers left, 2(1²+...+u²), reaches the best cake's"},
		cakeAreaBound: {Name: "area-bound", Category: technique.Optimality, Chapter: "5", Counts: "radii skipped",
			Doc: "cut a radius r when the area so far plus 2·(volume left)/r, the least side area of the layers left under radius r, reaches the best cake's"},
		cakeRoomAbove: {Name: "room-above", Category: technique.Feasibility, Counts: "heights skipped",
			Doc: "cut a height that leaves more volume than the layers above, each narrower and lower by one, can hold"},
	}
}

// noCut stands for a bound that cuts nothing: no area reaches the best
// when added to it.
const noCut = -1 << 40

// cakeSearch is the state of one Birthday Cake search. Layer u counts
// from the top: layer 1 is the top one, layer m the bottom one. Since radii
// and heights are integers that decrease strictly upwards, layer u has
// radius and height at least u.
type cakeSearch struct {
	tick    poll.Ticker // counts the nodes
	probe   trace.Probe
	tracing bool
	m       int
	level   []cakeLevel  // level[u]: the bounds of layer u
	powers  [][4]int     // powers[u][k]: 1^k + ... + (u-1)^k, for room
	best    int          // area of the best cake found; 3 * volume + 1 before any
	cur     []cake.Layer // the layers placed so far, bottom first

	largeFirst, areaBound bool
	fast                  bool // large-first, layer-limits and area-bound are on: dfs, not dfsAny
	// noRoom is 0 with room-above, else so large that the bound of
	// layer cuts nothing.
	noRoom int

	bestLayers []cake.Layer // a copy of cur when best was last set; nil before
}

// cakeLevel holds the bounds of a layer u, read from the switches once: a
// pruning that is off makes its bound cut nothing.
type cakeLevel struct {
	needV int // a node with less volume left for layers u..1 is cut: 1³ + ... + u³ (volume-bound), or 0
	keepV int // what layer u leaves for the layers above: 1³ + ... + (u-1)³ (volume-bound), or 0
	needA int // the least side area of layers u..1: 2(1² + ... + u²) (least-area), or noCut
	lo    int // the least radius and height of layer u: u (layer-limits), or 1
}

func newCakeSearch(ctx context.Context, p cake.Instance, on technique.Set) *cakeSearch {
	m := p.Layers
	s := &cakeSearch{
		tick:   poll.New(ctx),
		m:      m,
		level:  make([]cakeLevel, m+1),
		powers: make([][4]int, m+1),
		cur:    make([]cake.Layer, m),
		// Every cake has area R_1^2 + sum 2 R_i H_i <= 3 sum R_i^2 H_i.
		best:       3*p.Volume + 1,
		largeFirst: !on.Off("large-first"),
		areaBound:  !on.Off("area-bound"),
	}
	if on.Off("room-above") {
		s.noRoom = 1 << 40
	}
	volume, limits, least := !on.Off("volume-bound"), !on.Off("layer-limits"), !on.Off("least-area")
	s.probe.Start(ctx)
	s.tracing = s.probe.Tracing()
	// dfs draws no tree: a traced search takes dfsAny, which searches the
	// same nodes in the same order with the same counts.
	s.fast = s.largeFirst && limits && s.areaBound && !s.tracing
	minV, minA := 0, 0
	for u := 1; u <= m; u++ {
		l := cakeLevel{lo: 1, needA: noCut}
		if volume {
			l.keepV = minV
		}
		minV += u * u * u
		minA += 2 * u * u
		if volume {
			l.needV = minV
		}
		if least {
			l.needA = minA
		}
		if limits {
			l.lo = u
		}
		s.level[u] = l
		if u < m {
			for k, pow := range [4]int{1, u, u * u, u * u * u} {
				s.powers[u+1][k] = s.powers[u][k] + pow
			}
		}
	}
	return s
}

// dfs places layer u on a layer of radius rBelow and height hBelow, with
// rem volume left for layers u..1 and area the area of the layers below.
// It is the search with large-first, layer-limits and area-bound on,
// untraced; the other switches are in the tables. dfsAny is the search
// with any, and the one traced.
func (s *cakeSearch) dfs(u, rem, area, rBelow, hBelow int) {
	if !s.tick.Tick() {
		return
	}
	if u == 0 {
		s.leaf(rem, area)
		return
	}
	l := s.level[u]
	// Layers u..1 have radii and heights at least u, u-1, ..., 1.
	if rem < l.needV {
		s.probe.Cut(cakeVolumeBound)
		return
	}
	if area+l.needA >= s.best {
		s.probe.Cut(cakeLeastArea)
		return
	}
	avail := rem - l.keepV // the most this layer can hold
	// This layer's height is at least u, so r^2 u <= avail.
	rMax := min(rBelow-1, intmath.Sqrt(avail/u))
	if rMax < rBelow-1 && (rMax+1)*(rMax+1)*u <= rem {
		s.probe.Cut(cakeVolumeBound) // the next radius fits all but the reserve
	}
	s.probe.CutN(cakeLayerLimits, u-1) // the radii below u
	for r := rMax; r >= u; r-- {
		top := 0
		if u == s.m {
			top = r * r // the tops of all layers together cover the bottom's disc
		}
		// Layers u..1 have radii at most r, so their side area
		// sum 2 r_i h_i = sum 2 r_i^2 h_i / r_i is at least 2 rem / r.
		if area+top+intmath.CeilDiv(2*rem, r) >= s.best {
			s.probe.Cut(cakeAreaBound)
			if u == s.m {
				continue // a smaller bottom has a smaller top: try it
			}
			s.probe.CutN(cakeLargeFirst, r-u) // a smaller r only raises the bound
			break
		}
		s.layer(u, r, rem, avail, area+top, hBelow)
		if s.tick.Err() != nil {
			return
		}
	}
}

// leaf records the cake just built, if it is the best so far. For the
// top layer, room-above lets only a height through that leaves nothing
// over; without it, the volume left says whether there is a cake.
func (s *cakeSearch) leaf(rem, area int) {
	if rem == 0 && area < s.best {
		s.best = area
		s.bestLayers = append(s.bestLayers[:0], s.cur...)
		s.probe.Found()
	}
}

// layer tries every height for layer u with radius r, tallest first.
func (s *cakeSearch) layer(u, r, rem, avail, area, hBelow int) {
	sum2, sum3 := s.room(u, r)
	hMax := min(hBelow-1, avail/(r*r))
	s.probe.CutN(cakeLayerLimits, u-1) // the heights below u
	if hMax < hBelow-1 && r*r*(hMax+1) <= rem {
		s.probe.Cut(cakeVolumeBound) // the next height fits all but the reserve
	}
	for h := hMax; h >= u; h-- {
		left := rem - r*r*h
		if left > h*sum2-sum3 {
			s.probe.Cut(cakeRoomAbove)
			s.probe.CutN(cakeLargeFirst, h-u) // a lower layer leaves more volume and less room above
			break
		}
		s.cur[s.m-u] = cake.Layer{R: r, H: h}
		s.dfs(u-1, left, area+2*r*h, r, h)
	}
}

// traced searches the layers above layer u, of radius r and height h, as
// a decision of the tree, numbered from the bottom as the answer prints
// it.
func (s *cakeSearch) traced(u, r, h, left, area int) {
	s.probe.Enter(fmt.Sprintf("layer %d: R=%d H=%d", s.m-u+1, r, h))
	s.dfsAny(u-1, left, area, r, h)
	s.probe.Leave()
}

// room returns sum2 and sum3 such that the layers above layer u, of
// radius r and height h, hold at most h*sum2 - sum3 (room-above): they
// have radii at most r-1, ..., r-u+1 and heights at most h-1, ..., h-u+1,
// and the sums are over i = 1..u-1 of (r-i)^2 and i (r-i)^2, expanded in
// powers of r over the sums of i, i^2 and i^3. A term of a radius or
// height below 1 makes the bound wrong, but then no layer fits above
// anyway. Without room-above, the bound cuts nothing.
func (s *cakeSearch) room(u, r int) (int, int) {
	p := &s.powers[u]
	return s.noRoom + (u-1)*r*r - 2*r*p[1] + p[2], r*r*p[1] - 2*r*p[2] + p[3]
}

// dfsAny is dfs with any switches: radii and heights from small to large
// without large-first, from 1 without layer-limits, and no area bound
// without area-bound.
func (s *cakeSearch) dfsAny(u, rem, area, rBelow, hBelow int) {
	if !s.tick.Tick() {
		return
	}
	if u == 0 {
		s.leaf(rem, area)
		return
	}
	l := s.level[u]
	if rem < l.needV {
		s.probe.Cut(cakeVolumeBound)
		return
	}
	if area+l.needA >= s.best {
		s.probe.Cut(cakeLeastArea)
		return
	}
	avail := rem - l.keepV
	rMax := min(rBelow-1, intmath.Sqrt(avail/l.lo))
	s.probe.CutN(cakeLayerLimits, l.lo-1)
	if rMax < rBelow-1 && (rMax+1)*(rMax+1)*l.lo <= rem {
		s.probe.Cut(cakeVolumeBound)
	}
	if rMax < l.lo {
		return
	}
	r, end, step := rMax, l.lo-1, -1
	if !s.largeFirst {
		r, end, step = l.lo, rMax+1, 1
	}
	for ; r != end && s.tick.Err() == nil; r += step {
		top := 0
		if u == s.m {
			top = r * r
		}
		if s.areaBound && area+top+intmath.CeilDiv(2*rem, r) >= s.best {
			s.probe.Cut(cakeAreaBound)
			if u == s.m || !s.largeFirst {
				continue // small to large, the bound cuts the smallest radii first
			}
			s.probe.CutN(cakeLargeFirst, r-l.lo)
			break
		}
		s.layerAny(u, r, l.lo, rem, avail, area+top, hBelow)
	}
}

// layerAny is layer for dfsAny, the heights at least lo.
func (s *cakeSearch) layerAny(u, r, lo, rem, avail, area, hBelow int) {
	sum2, sum3 := s.room(u, r)
	hMax := min(hBelow-1, avail/(r*r))
	s.probe.CutN(cakeLayerLimits, lo-1)
	if hMax < hBelow-1 && r*r*(hMax+1) <= rem {
		s.probe.Cut(cakeVolumeBound)
	}
	if hMax < lo {
		return
	}
	h, end, step := hMax, lo-1, -1
	if !s.largeFirst {
		h, end, step = lo, hMax+1, 1
	}
	for ; h != end; h += step {
		left := rem - r*r*h
		if left > h*sum2-sum3 {
			s.probe.Cut(cakeRoomAbove)
			if !s.largeFirst {
				continue // a taller layer may leave little enough
			}
			s.probe.CutN(cakeLargeFirst, h-lo)
			break
		}
		s.cur[s.m-u] = cake.Layer{R: r, H: h}
		if s.tracing {
			s.traced(u, r, h, left, area+2*r*h)
			continue
		}
		s.dfsAny(u-1, left, area+2*r*h, r, h)
	}
}
