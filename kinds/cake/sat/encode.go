package sat

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/intmath"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
)

// Query is the CNF of the decision query "a cake of volume N with M
// layers and area Q at most a bound", its variable map, and what a
// minimiser needs to tighten the bound on the same formula: Area reads a
// model's Q and AtMost switches on a tighter bound.
//
// Encoding. Layer u, counted from the top (u = 1 is the top layer), has a
// one-hot radius "R<u>=r" with the order ladder R ≥ r over it, and a
// binary height "H<u>[i]". The radius selects the constants r and r² as
// bits (two clauses per bit and value), and multipliers give the layer's
// volume r²·H and side r·H; once the radius is known the multipliers'
// AND gates fold and what is left is a constant times H. Radii decrease
// by the ladders (R(u-1) = r → R(u) ≥ r+1), heights by a binary
// comparator. Volumes add up from the top, tv[u] being the volume of
// layers u..1 and tv[M] = N; areas add up from the bottom, below[u] being
// R_M² plus the sides of the layers under layer u, and Q = below[0].
// Every adder forbids overflow past the width its sum can reach.
//
// The encoding also states facts that follow from N, M and the bound k
// on the area, as clauses no cake violates. Layer u has R, H ≥ u, and
// the layers under it are wider and taller, by at least one each, so a
// cake whose layer u has radius r and height h holds at least
// Σ (r+j)²(h+j) (j = 0..M-u) plus 1³ + ... + (u-1)³ and has area at
// least (r+M-u)² + Σ 2(r+j)(h+j) plus 2(1² + ... + (u-1)²): when that is
// over N or k, no cake has it (cakeStack). This bounds R with h = u, H
// with r = u, and H for each radius, so that R = r forces H ≤ hcap(u, r);
// and R = r forces tv[u] ≥ r²u + 1³ + ... + (u-1)³. When these leave no
// value, or N < 1³ + ... + M³, the formula is a single empty clause.
// Against the domains from N and M alone (CakeEncoding.LooseDomains, the
// encoding before), this takes the radii of cake5 (N = 9397, M = 10) at
// k = 1617 from 180 values to 81 and the heights from 7 bits to 3-6,
// halving the formula.
//
// A bound Q ≤ k (the maxArea of Cake, or AtMost(k)) brings the bounds of
// the classic DFS (NOI1999 "生日蛋糕") with it, all valid for every cake
// of area at most k: the bottom radius r has r² + 2N/r ≤ k; the layers
// u..1 have side area at least Σ 2i², so below[u] ≤ k - Σ 2i²; and their
// radii are at most R(u), so their side area is at least 2·tv[u]/R(u),
// that is R(u) ≤ r → r·below[u] + 2·tv[u] ≤ r·k. The formula holds
// r·below[u] + 2·tv[u] exactly for every layer and radius (one adder per
// further radius), so once the layers under u are known a violated bound
// excludes radius r, and with it every smaller one, by unit propagation,
// as the DFS cuts that branch.
//
// Of the encodings measured (docs/results.md), radii as bit-vectors with
// multipliers and one-hot radii with a scaler per radius were both far
// slower without the bounds above; with them, selecting r and r² into a
// multiplier beat a scaler per radius (fewer clauses and conflicts;
// Encoding.Scaler keeps the scaler), and the domains of the stack
// then halved the formula.
//
// Size: for N = 9876 and M = 6 at the bound 1448, 4,800 variables and
// 29,700 clauses (9,000 and 54,600 with LooseDomains), most of them in
// the sums of the DFS bound; AtMost adds at most one clause per bit of
// each sum and per radius, and no variable.
type Query struct {
	f       *cnf.CNF
	p       cake.Instance
	unsat   bool        // no cake: the formula is an empty clause
	radius  [][]cnf.Lit // radius[u][i] ⇔ layer u has radius rlo[u]+i
	rlo     []int       // rlo[u] = u, the least radius of layer u
	ge      [][]cnf.Lit // ge[u][i] ⇔ layer u has radius at least rlo[u]+i
	height  []cnf.Bits  // height[u], layer u's height
	below   []cnf.Bits  // below[u]: R_M² plus 2·Σ r·H over the layers under u
	area    cnf.Bits    // Q = below[0]
	cuts    []cakeCut
	lastSel cnf.Lit // the selector of the last AtMost, 0 before any
	enc     Encoding
	k       int     // the bound the formula was built for
	hhi     []int   // hhi[u]: the greatest height of layer u
	hcap    [][]int // hcap[u][i]: the greatest height of layer u with radius rlo[u]+i
}

// Encoding picks among variants of the cake encoding, kept to be
// measured against the default, its zero value.
type Encoding struct {
	// LooseDomains bounds each layer's radius and height from N and M
	// alone (R ≤ √(cap/u), H ≤ cap/u² and H ≤ cap/r² for radius r, where
	// cap = N - (1³ + ... + (u-1)³)), as the encoding did before it used
	// the stack of layers under each one and the bound (docs/results.md).
	LooseDomains bool
	// Scaler gives a layer's volume r²·H and side r·H by a constant
	// multiplier of H per radius r (shift-and-add, an adder per set bit
	// of the constant), the radius selecting its product, in place of
	// one multiplier of the selected constants r² and r; the products
	// are the same numbers, so the formula has the same models.
	Scaler bool
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// cakeCut holds l = r·below[u] + 2·tv[u], which must stay at most r·Q
// when R(u) ≤ r, that is when le holds.
type cakeCut struct {
	r  int
	le cnf.Lit
	l  cnf.Bits
}

// NoBound is a bound on the area that bounds nothing for p: every cake
// has Q = R₁² + Σ 2RᵢHᵢ ≤ 3·Σ Rᵢ²Hᵢ = 3N.
func NoBound(p cake.Instance) int { return 3 * p.Volume }

// Encode encodes "a cake of volume p.Volume with p.Layers layers and area at
// most maxArea". A maxArea of CakeNoBound(p) or more bounds nothing; below
// 1 no cake meets it.
func Encode(p cake.Instance, maxArea int) *Query {
	return EncodeWith(p, maxArea, Encoding{})
}

// EncodeWith is Cake in the encoding enc.
func EncodeWith(p cake.Instance, maxArea int, enc Encoding) *Query {
	f := cnf.New()
	f.Comment("puzzlesat cake N=%d M=%d Q<=%d", p.Volume, p.Layers, maxArea)
	q := &Query{f: f, p: p, enc: enc}
	n, m := p.Volume, p.Layers
	if maxArea < 1 || n < 1 || m < 1 {
		q.empty()
		return q
	}
	maxArea = min(maxArea, NoBound(p))
	q.k = maxArea
	st := newCakeStack(n, m, maxArea)
	d, ok := cakeDomainsOf(n, m, enc, st)
	if !ok {
		q.empty()
		return q
	}
	q.heights(d)
	vols, sides, disc := q.layers(d, st)
	tv := q.volumes(d, vols)
	q.areas(sides, disc)
	q.volumeCuts(tv)
	if maxArea < NoBound(p) {
		q.bound(maxArea)
	} else {
		f.AtMostConst(q.area, uint64(maxArea))
	}
	return q
}

// cakeDomains are the bounds of each layer u, from the bottom (u = m) up.
type cakeDomains struct {
	minV     []int // minV[u]: least volume of layers u..1
	capV     []int // capV[u]: the most volume layer u can take
	rhi, hhi []int // the largest radius and height of layer u
}

// cakeDomainsOf returns the domains of a cake of volume n in m layers;
// false when no cake fits them.
func cakeDomainsOf(n, m int, enc Encoding, st cakeStack) (cakeDomains, bool) {
	d := cakeDomains{minV: make([]int, m+1), capV: make([]int, m+1), rhi: make([]int, m+2), hhi: make([]int, m+2)}
	for u := 1; u <= m; u++ {
		d.minV[u] = d.minV[u-1] + u*u*u
	}
	if d.minV[m] > n {
		return d, false
	}
	d.rhi[m+1], d.hhi[m+1] = n+1, n+1
	for u := m; u >= 1; u-- {
		d.capV[u] = n - d.minV[u-1]
		d.rhi[u] = min(intmath.Sqrt(d.capV[u]/u), d.rhi[u+1]-1)
		d.hhi[u] = min(d.capV[u]/(u*u), d.hhi[u+1]-1)
		if !enc.LooseDomains {
			d.rhi[u] = min(d.rhi[u], st.maxRadius(u))
			d.hhi[u] = min(d.hhi[u], st.maxHeight(u, u))
		}
		if d.rhi[u] < u || d.hhi[u] < u {
			return d, false
		}
	}
	return d, true
}

// heights makes each layer's height, within its domain.
func (q *Query) heights(d cakeDomains) {
	m := q.p.Layers
	q.hhi = d.hhi
	q.hcap = make([][]int, m+1)
	q.radius = make([][]cnf.Lit, m+1)
	q.rlo = make([]int, m+1)
	q.ge = make([][]cnf.Lit, m+1)
	q.height = make([]cnf.Bits, m+1)
	for u := m; u >= 1; u-- {
		q.height[u] = q.f.NewBits(fmt.Sprintf("H%d", u), cnf.Width(uint64(d.hhi[u])))
		q.f.AtLeastConst(q.height[u], uint64(u), 0)
		q.f.AtMostConst(q.height[u], uint64(d.hhi[u]))
	}
}

// layers makes each layer's radius, volume and side area, the heights
// strictly decreasing upwards, and returns the volumes, the sides and the
// bottom's r², the tops of all layers together.
func (q *Query) layers(d cakeDomains, st cakeStack) (vols, sides []cnf.Bits, disc cnf.Bits) {
	m := q.p.Layers
	vols, sides = make([]cnf.Bits, m+1), make([]cnf.Bits, m+1)
	for u := m; u >= 1; u-- {
		var sq cnf.Bits
		vols[u], sides[u], sq = q.layer(u, d.rhi[u], d.capV[u], st)
		if u == m {
			disc = sq
		} else {
			q.f.Assert(q.f.LessEq(q.height[u+1], q.height[u]).Not())
		}
	}
	return vols, sides, disc
}

// volumes sums the volumes of the layers from the top, tv[u] that of
// layers 1..u, each at least the least volume those layers can have with
// the radius of layer u, and the whole the cake's volume.
func (q *Query) volumes(d cakeDomains, vols []cnf.Bits) []cnf.Bits {
	f, n, m := q.f, q.p.Volume, q.p.Layers
	wv := cnf.Width(uint64(n))
	tv := make([]cnf.Bits, m+1)
	for u := 1; u <= m; u++ {
		tv[u] = f.SumBounded(tv[u-1], vols[u], wv)
		if u < m {
			f.AtLeastConst(tv[u], uint64(d.minV[u]), 0)
		}
		for i, x := range q.radius[u] {
			r := q.rlo[u] + i
			f.AtLeastConst(tv[u], uint64(r*r*u+d.minV[u-1]), x)
		}
	}
	f.AssertEqualConst(tv[m], uint64(n))
	return tv
}

// areas sums the area from the bottom: below[u] is the bottom's disc and
// the sides of layers m..u+1, and the area the whole.
func (q *Query) areas(sides []cnf.Bits, disc cnf.Bits) {
	m := q.p.Layers
	wa := cnf.Width(uint64(q.k))
	q.below = make([]cnf.Bits, m+1)
	q.below[m] = disc
	for u := m; u >= 1; u-- {
		q.below[u-1] = q.f.SumBounded(q.below[u], q.f.Shift(sides[u], 1), wa)
	}
	q.area = q.below[0]
}

// volumeCuts makes the sums r·below[u] + 2·tv[u] of the DFS bound, for
// every layer but the bottom one (whose bound needs no sum: below[m] is
// r², tv[m] N), which bound then keeps at most r·Q.
func (q *Query) volumeCuts(tv []cnf.Bits) {
	f := q.f
	for u := q.p.Layers - 1; u >= 1; u-- {
		b, v := q.below[u], f.Shift(tv[u], 1)
		bTop := uint64(1)<<uint(len(b)) - 1 // below[u] ≤ bTop
		vTop := uint64(1)<<uint(len(v)) - 1 // 2·tv[u] ≤ vTop
		var l cnf.Bits
		for i := range q.radius[u] {
			r := q.rlo[u] + i
			if i == 0 {
				l = f.Sum(f.Scale(b, uint64(r)), v)
			} else {
				// One more below[u]; the width holds the sum exactly.
				l = f.SumMod(l, b, cnf.Width(uint64(r)*bTop+vTop))
			}
			q.cuts = append(q.cuts, cakeCut{r: r, le: q.ge[u][i+1].Not(), l: l})
		}
	}
}

// empty makes q the unsatisfiable formula of a query that no cake meets.
func (q *Query) empty() {
	q.unsat = true
	q.f.Comment("no cake meets the query")
	q.f.Add()
}

// layer encodes layer u with a one-hot radius in u..rhi and returns its
// volume r²H, its side rH, and r².
func (q *Query) layer(u, rhi, capV int, st cakeStack) (vol, side, sq cnf.Bits) {
	f := q.f
	q.rlo[u] = u
	xs := make([]cnf.Lit, rhi-u+1)
	for i := range xs {
		xs[i] = f.Var(fmt.Sprintf("R%d=%d", u, u+i)).Pos()
	}
	f.ExactlyOne(xs...)
	q.radius[u] = xs
	h := q.height[u]
	sq = f.NewBits("", cnf.Width(uint64(rhi*rhi)))
	rb := f.NewBits("", cnf.Width(uint64(rhi)))
	maxVol, maxSide := capV, capV
	if !q.enc.LooseDomains {
		maxVol, maxSide = 0, 0
	}
	for i, x := range xs {
		r := u + i
		hc := capV / (r * r)
		if !q.enc.LooseDomains {
			hc = min(hc, st.maxHeight(u, r))
			maxVol, maxSide = max(maxVol, r*r*hc), max(maxSide, r*hc)
		}
		q.hcap[u] = append(q.hcap[u], hc)
		f.AtMostConst(h, uint64(hc), x)
		f.SelectBits(sq, x, f.ConstBits(uint64(r*r)))
		if !q.enc.Scaler {
			f.SelectBits(rb, x, f.ConstBits(uint64(r)))
		}
	}
	if !q.enc.Scaler {
		vol = f.ProductBounded(sq, h, cnf.Width(uint64(maxVol)))
		side = f.ProductBounded(rb, h, cnf.Width(uint64(maxSide)))
	} else {
		vol, side = f.NewBits("", cnf.Width(uint64(maxVol))), f.NewBits("", cnf.Width(uint64(maxSide)))
		for i, x := range xs {
			r := uint64(u + i)
			q.selectScaled(vol, x, h, r*r)
			q.selectScaled(side, x, h, r)
		}
	}

	// The ladder ge[i] ⇔ R ≥ u+i, and the layer below is wider.
	ge := make([]cnf.Lit, len(xs)+1)
	ge[len(xs)] = f.False()
	for i := len(xs) - 1; i >= 0; i-- {
		ge[i] = f.Or(xs[i], ge[i+1])
	}
	q.ge[u] = ge
	if u+1 < len(q.radius) {
		under, lo := q.ge[u+1], q.rlo[u+1]
		for i, x := range xs {
			// R(u) = u+i → R(u+1) ≥ u+i+1.
			switch j := u + i + 1 - lo; {
			case j >= len(under)-1:
				f.Add(x.Not())
			case j > 0:
				f.Add(x.Not(), under[j])
			}
		}
	}
	return vol, side, sq
}

// selectScaled adds x → out = k·h, by a multiplier of h by the constant
// k. When x holds, H is at most the layer's height cap for its radius,
// so k·h fits in out: the bits of the product above it are false, which
// the clauses say.
func (q *Query) selectScaled(out cnf.Bits, x cnf.Lit, h cnf.Bits, k uint64) {
	p := q.f.Scale(h, k)
	for _, b := range p[min(len(p), len(out)):] {
		q.f.Add(x.Not(), b.Not())
	}
	q.f.SelectBits(out, x, p)
}

// Decode reads the cake from a model of the query, bottom layer first.
func (q *Query) Decode(m cnf.Model) (cake.Answer, error) {
	if q.unsat {
		return cake.Answer{}, fmt.Errorf("the query for N=%d M=%d has no model", q.p.Volume, q.p.Layers)
	}
	a := cake.Answer{Area: q.Area(m)}
	for u := q.p.Layers; u >= 1; u-- {
		r := -1
		for i, x := range q.radius[u] {
			if m.Value(x) {
				if r >= 0 {
					return cake.Answer{}, fmt.Errorf("model gives layer %d two radii", q.p.Layers-u+1)
				}
				r = q.rlo[u] + i
			}
		}
		if r < 0 {
			return cake.Answer{}, fmt.Errorf("model gives layer %d no radius", q.p.Layers-u+1)
		}
		a.Layers = append(a.Layers, cake.Layer{R: r, H: int(m.BitsValue(q.height[u]))})
	}
	return a, nil
}

// Area returns the area Q of the cake in a model of the query: the cost
// that a minimiser lowers.
func (q *Query) Area(m cnf.Model) int { return int(m.BitsValue(q.area)) }

// AtMost returns a selector literal that, assumed, bounds the area to at
// most k, with the DFS bounds for k described at CakeQuery. Each call
// retires the selector of the call before by a unit clause, so the
// solver can drop its clauses: assume only the literal of the last call.
// Without the assumption the formula means what it did. The clauses use
// no new variable: about one per bit of each bounded sum.
func (q *Query) AtMost(k int) cnf.Lit {
	if q.lastSel != 0 {
		q.f.Add(q.lastSel.Not())
	}
	sel := q.f.Selector(fmt.Sprintf("Q<=%d", k)).Pos()
	q.lastSel = sel
	if q.unsat {
		q.f.Add(sel.Not())
		return sel
	}
	q.bound(k, sel)
	return sel
}

// stack adds the domain bounds of cakeStack for the bound k, where they
// are tighter than those the formula was built with, each clause
// guarded: off holds the guards' negations.
func (q *Query) stack(k int, off, guards []cnf.Lit) {
	st := newCakeStack(q.p.Volume, q.p.Layers, k)
	for u := 1; u <= q.p.Layers; u++ {
		for i, x := range q.radius[u] {
			switch hc := st.maxHeight(u, q.rlo[u]+i); {
			case hc < u:
				q.f.Add(append(slices.Clip(off), x.Not())...)
			case hc < q.hcap[u][i]:
				q.f.AtMostConst(q.height[u], uint64(hc), append(slices.Clip(guards), x)...)
			}
		}
	}
}

// bound adds Q ≤ k and the DFS bounds that follow, every clause guarded
// by the guards.
func (q *Query) bound(k int, guards ...cnf.Lit) {
	var off []cnf.Lit // the clause "not all guards"
	for _, g := range guards {
		off = append(off, g.Not())
	}
	if k < 1 {
		q.f.Add(off...)
		return
	}
	q.f.AtMostConst(q.area, uint64(k), guards...)
	m, n := q.p.Layers, q.p.Volume
	if k < q.k && !q.enc.LooseDomains {
		q.stack(k, off, guards)
	}
	// The bottom layer of radius r: Q ≥ r² + 2N/r.
	for i, x := range q.radius[m] {
		r := q.rlo[m] + i
		if r*r*r+2*n > r*k {
			q.f.Add(append(slices.Clip(off), x.Not())...)
		}
	}
	// The layers u..1 have side area at least Σ 2i² for i = 1..u.
	minA := 0
	for u := 1; u <= m; u++ {
		minA += 2 * u * u
		if minA > k {
			q.f.Add(off...)
			return
		}
		q.f.AtMostConst(q.below[u], uint64(k-minA), guards...)
	}
	for _, c := range q.cuts {
		q.f.AtMostConst(c.l, uint64(c.r*k), append(slices.Clip(guards), c.le)...)
	}
}

// Domain returns the radii rlo..rhi and heights hlo..hhi that layer i
// (0 is the bottom) may take in the query; rlo > rhi when the query has
// no cake or no layer i.
func (q *Query) Domain(i int) (rlo, rhi, hlo, hhi int) {
	u := q.p.Layers - i
	if q.unsat || u < 1 || u > q.p.Layers {
		return 1, 0, 1, 0
	}
	return q.rlo[u], q.rlo[u] + len(q.radius[u]) - 1, u, q.hhi[u]
}

// Radius returns the literal "layer i (0 is the bottom) has radius r";
// ok is false when r is outside the layer's Domain.
func (q *Query) Radius(i, r int) (l cnf.Lit, ok bool) {
	rlo, rhi, _, _ := q.Domain(i)
	if r < rlo || r > rhi {
		return 0, false
	}
	return q.radius[q.p.Layers-i][r-rlo], true
}

// Height returns the literals that together say "layer i (0 is the
// bottom) has height h"; ok is false when h is outside the layer's Domain.
func (q *Query) Height(i, h int) (ls []cnf.Lit, ok bool) {
	_, _, hlo, hhi := q.Domain(i)
	if h < hlo || h > hhi {
		return nil, false
	}
	for j, b := range q.height[q.p.Layers-i] {
		ls = append(ls, cnf.Sign(b, h>>uint(j)&1 == 1))
	}
	return ls, true
}
