package compare

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// A canvas is what the plots draw on: an SVG document or a PNG image.
// Coordinates are in points (1/72 inch) from the top left corner, the Y
// axis pointing down.
type canvas interface {
	// polyline strokes the line through ps, of the given width, dashed
	// when dash holds lengths (on, off, on, ...).
	polyline(ps []point, col color.RGBA, width float64, dash []float64)
	// polygon fills the polygon ps.
	polygon(ps []point, col color.RGBA)
	// circle fills the disc of centre c and radius r.
	circle(c point, r float64, col color.RGBA)
	// text writes s on the baseline through p, rotated by st.angle: from
	// p on (alignStart), centred on p, or ending at p (alignEnd).
	text(p point, s string, st textStyle)
}

type point struct{ x, y float64 }

func (p point) add(q point) point             { return point{p.x + q.x, p.y + q.y} }
func (p point) scale(k float64) point         { return point{p.x * k, p.y * k} }
func (p point) sub(q point) point             { return point{p.x - q.x, p.y - q.y} }
func (p point) length() float64               { return math.Hypot(p.x, p.y) }
func (p point) lerp(q point, t float64) point { return p.add(q.sub(p).scale(t)) }

// align is where a text stands against its anchor, along its baseline.
type align int

const (
	alignStart align = iota
	alignMiddle
	alignEnd
)

// textStyle is how a text is written.
type textStyle struct {
	size  float64 // in points
	align align
	angle float64 // in degrees, counterclockwise
	col   color.RGBA
}

// along returns the unit vector along a baseline rotated by deg degrees
// counterclockwise, and the one a quarter turn clockwise from it, which
// points from the baseline to below the text.
func along(deg float64) (u, v point) {
	s, c := math.Sincos(deg * math.Pi / 180)
	return point{c, -s}, point{s, c}
}

// typeface measures and outlines text in Go Regular, the font of the
// golang.org/x/image module: the PNG draws its outlines, and the SVG,
// whose viewer picks the font, is laid out with its widths.
type typeface struct {
	f   *sfnt.Font
	buf sfnt.Buffer
	cap float64 // the cap height in ems
}

// goRegular parses the font once, on the first plot: a solve that draws
// nothing never pays for it.
var goRegular = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(goregular.TTF) })

func newTypeface() (*typeface, error) {
	f, err := goRegular()
	if err != nil {
		return nil, fmt.Errorf("the plot font: %w", err)
	}
	t := &typeface{f: f}
	const em = 1000
	m, err := f.Metrics(&t.buf, fixed.I(em), font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("the plot font: %w", err)
	}
	t.cap = float64(m.CapHeight) / 64 / em
	return t, nil
}

// glyphs calls g with each glyph of s and its x offset at ppem pixels
// per em, and returns the advance of the whole string.
func (t *typeface) glyphs(s string, ppem fixed.Int26_6, g func(sfnt.GlyphIndex, fixed.Int26_6)) fixed.Int26_6 {
	var x fixed.Int26_6
	prev := sfnt.GlyphIndex(0)
	for i, r := range s {
		gi, err := t.f.GlyphIndex(&t.buf, r)
		if err != nil {
			gi = 0
		}
		if i > 0 {
			if k, err := t.f.Kern(&t.buf, prev, gi, ppem, font.HintingNone); err == nil {
				x += k
			}
		}
		if g != nil {
			g(gi, x)
		}
		if a, err := t.f.GlyphAdvance(&t.buf, gi, ppem, font.HintingNone); err == nil {
			x += a
		}
		prev = gi
	}
	return x
}

// width returns the room that s takes at size points in the layout: its
// width in Go Regular, and more by wideFont, since the viewer of an SVG
// may draw it in a wider font.
func (t *typeface) width(s string, size float64) float64 {
	return wideFont * float64(t.glyphs(s, fixed.Int26_6(size*64), nil)) / 64
}

// wideFont is how much wider than Go Regular a viewer's font may be:
// DejaVu Sans, the usual sans-serif of a Linux desktop, is 4-15% wider.
const wideFont = 1.15

// render writes what draw draws on a width x height points canvas to w,
// as f.
func render(w io.Writer, f Format, width, height float64, tf *typeface, draw func(canvas)) error {
	switch f {
	case SVG:
		c := newSVG(width, height)
		draw(c)
		return c.writeTo(w)
	case PNG:
		c := newRaster(width, height, pngDPI/72, tf)
		draw(c)
		return png.Encode(w, c.img)
	}
	return fmt.Errorf("unknown image format %q: want svg or png", f)
}

// pngDPI is the resolution of a PNG: twice a screen's, so that a plot
// stays sharp when zoomed or printed.
const pngDPI = 144

// fontFamily is the SVG's font: Go Regular, whose widths laid it out,
// where the viewer has it.
const fontFamily = "Go, 'DejaVu Sans', Verdana, sans-serif"

// svg is a canvas that writes an SVG document.
type svg struct{ b bytes.Buffer }

func newSVG(width, height float64) *svg {
	c := &svg{}
	fmt.Fprintf(&c.b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"+
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%spt\" height=\"%spt\" viewBox=\"0 0 %s %s\" font-family=\"%s\">\n",
		num(width), num(height), num(width), num(height), fontFamily)
	fmt.Fprintf(&c.b, "<rect width=\"%s\" height=\"%s\" fill=\"#ffffff\"/>\n", num(width), num(height))
	return c
}

func (c *svg) writeTo(w io.Writer) error {
	c.b.WriteString("</svg>\n")
	_, err := c.b.WriteTo(w)
	return err
}

func (c *svg) polyline(ps []point, col color.RGBA, width float64, dash []float64) {
	if len(ps) < 2 {
		return
	}
	c.b.WriteString(`<path d="`)
	c.path(ps)
	fmt.Fprintf(&c.b, `" style="fill:none;stroke:%s;stroke-width:%s;stroke-linejoin:round`, hexColour(col), num(width))
	if len(dash) > 0 {
		c.b.WriteString(";stroke-dasharray:")
		for i, d := range dash {
			if i > 0 {
				c.b.WriteByte(',')
			}
			c.b.WriteString(num(d))
		}
	}
	c.b.WriteString("\"/>\n")
}

func (c *svg) polygon(ps []point, col color.RGBA) {
	c.b.WriteString(`<path d="`)
	c.path(ps)
	fmt.Fprintf(&c.b, "Z\" style=\"fill:%s\"/>\n", hexColour(col))
}

// circle writes a path of two arcs, which every viewer draws alike.
func (c *svg) circle(p point, r float64, col color.RGBA) {
	fmt.Fprintf(&c.b, "<path d=\"M%s,%sA%s,%s 0 1,0 %s,%sA%s,%s 0 1,0 %s,%sZ\" style=\"fill:%s\"/>\n",
		num(p.x-r), num(p.y), num(r), num(r), num(p.x+r), num(p.y), num(r), num(r), num(p.x-r), num(p.y), hexColour(col))
}

// xmlEscaper escapes a text for XML. (encoding/xml would do it too, but
// its package initialisation runs at every start of the command.)
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func (c *svg) text(p point, s string, st textStyle) {
	fmt.Fprintf(&c.b, `<text x="%s" y="%s" font-size="%s"`, num(p.x), num(p.y), num(st.size))
	if a := [...]string{"", "middle", "end"}[st.align]; a != "" {
		fmt.Fprintf(&c.b, ` text-anchor="%s"`, a)
	}
	if st.angle != 0 {
		fmt.Fprintf(&c.b, ` transform="rotate(%s %s %s)"`, num(-st.angle), num(p.x), num(p.y))
	}
	if st.col != (color.RGBA{A: 0xff}) {
		fmt.Fprintf(&c.b, ` fill="%s"`, hexColour(st.col))
	}
	c.b.WriteByte('>')
	c.b.WriteString(xmlEscaper.Replace(s))
	c.b.WriteString("</text>\n")
}

// path writes the moves of a path through ps.
func (c *svg) path(ps []point) {
	for i, p := range ps {
		op := byte('L')
		if i == 0 {
			op = 'M'
		}
		c.b.WriteByte(op)
		c.b.WriteString(num(p.x))
		c.b.WriteByte(',')
		c.b.WriteString(num(p.y))
	}
}

// num prints a coordinate to a hundredth of a point.
func num(v float64) string {
	s := strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(v, 'f', 2, 64), "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

func hexColour(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// raster is a canvas that paints an image, anti-aliased, with the
// rasterizer of golang.org/x/image/vector.
type raster struct {
	img   *image.RGBA
	scale float64 // pixels per point
	tf    *typeface
	z     vector.Rasterizer
}

func newRaster(width, height, scale float64, tf *typeface) *raster {
	w, h := int(math.Round(width*scale)), int(math.Round(height*scale))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	return &raster{img: img, scale: scale, tf: tf}
}

// fill paints the polygons ps, in pixels, as one shape: where they
// overlap with the same orientation they merge, and a polygon of the
// other orientation inside another is a hole (as in a glyph's O).
func (c *raster) fill(ps [][]point, col color.RGBA) {
	lo, hi := point{math.Inf(1), math.Inf(1)}, point{math.Inf(-1), math.Inf(-1)}
	for _, poly := range ps {
		for _, p := range poly {
			lo = point{math.Min(lo.x, p.x), math.Min(lo.y, p.y)}
			hi = point{math.Max(hi.x, p.x), math.Max(hi.y, p.y)}
		}
	}
	// The rasterizer's mask covers only the shape's bounds, so that a
	// small shape costs little whatever the image's size.
	r := image.Rect(int(math.Floor(lo.x)), int(math.Floor(lo.y)), int(math.Ceil(hi.x))+1, int(math.Ceil(hi.y))+1).Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	c.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, poly := range ps {
		if len(poly) < 3 {
			continue
		}
		c.z.MoveTo(float32(poly[0].x-ox), float32(poly[0].y-oy))
		for _, p := range poly[1:] {
			c.z.LineTo(float32(p.x-ox), float32(p.y-oy))
		}
		c.z.ClosePath()
	}
	c.z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

func (c *raster) px(p point) point { return p.scale(c.scale) }

func (c *raster) polyline(ps []point, col color.RGBA, width float64, dash []float64) {
	h := width * c.scale / 2
	var shapes [][]point
	segment := func(a, b point) {
		d := b.sub(a)
		l := d.length()
		if l == 0 {
			return
		}
		n := point{-d.y / l * h, d.x / l * h}
		shapes = append(shapes, []point{a.add(n), b.add(n), b.sub(n), a.sub(n)})
	}
	pen, on, left := 0, true, math.Inf(1) // the dash being drawn, and what is left of it
	if len(dash) > 0 {
		left = dash[0] * c.scale
	}
	for i := 1; i < len(ps); i++ {
		a, b := c.px(ps[i-1]), c.px(ps[i])
		for l := b.sub(a).length(); l > 0; {
			step := math.Min(l, left)
			next := a.lerp(b, step/l)
			if on {
				segment(a, next)
			}
			a, l, left = next, l-step, left-step
			if left <= 0 && len(dash) > 0 {
				pen = (pen + 1) % len(dash)
				on, left = pen%2 == 0, dash[pen]*c.scale
			}
		}
		if i < len(ps)-1 && h > 0.75 { // a round join
			shapes = append(shapes, disc(b, h))
		}
	}
	for _, s := range shapes {
		orient(s)
	}
	c.fill(shapes, col)
}

func (c *raster) polygon(ps []point, col color.RGBA) {
	px := make([]point, len(ps))
	for i, p := range ps {
		px[i] = c.px(p)
	}
	c.fill([][]point{px}, col)
}

func (c *raster) circle(p point, r float64, col color.RGBA) {
	c.fill([][]point{disc(c.px(p), r*c.scale)}, col)
}

// disc returns a polygon close to the circle of centre p and radius r
// pixels: within a tenth of a pixel.
func disc(p point, r float64) []point {
	n := max(8, int(math.Ceil(math.Pi/math.Acos(math.Max(0, 1-0.1/r)))))
	ps := make([]point, n)
	for i := range ps {
		s, c := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		ps[i] = point{p.x + r*c, p.y + r*s}
	}
	return ps
}

// orient turns ps, in place, to the orientation of disc's polygons, so
// that the pieces of a stroke merge instead of cancelling.
func orient(ps []point) {
	area := 0.0
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		area += p.x*q.y - q.x*p.y
	}
	if area < 0 {
		for i, j := 0, len(ps)-1; i < j; i, j = i+1, j-1 {
			ps[i], ps[j] = ps[j], ps[i]
		}
	}
}

func (c *raster) text(p point, s string, st textStyle) {
	size := st.size * c.scale
	ppem := fixed.Int26_6(size * 64)
	u, v := along(st.angle)
	start := c.px(p)
	if st.align != alignStart {
		w := float64(c.tf.glyphs(s, ppem, nil)) / 64
		start = start.sub(u.scale(w * float64(st.align) / 2))
	}
	at := func(q fixed.Point26_6, x fixed.Int26_6) point {
		return start.add(u.scale(float64(q.X+x) / 64)).add(v.scale(float64(q.Y) / 64))
	}
	var polys [][]point
	c.tf.glyphs(s, ppem, func(gi sfnt.GlyphIndex, x fixed.Int26_6) {
		segs, err := c.tf.f.LoadGlyph(&c.tf.buf, gi, ppem, nil)
		if err != nil {
			return
		}
		var poly []point
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if len(poly) > 0 {
					polys = append(polys, poly)
				}
				poly = []point{at(sg.Args[0], x)}
			case sfnt.SegmentOpLineTo:
				poly = append(poly, at(sg.Args[0], x))
			case sfnt.SegmentOpQuadTo:
				a, b, d := poly[len(poly)-1], at(sg.Args[0], x), at(sg.Args[1], x)
				for i := 1; i <= curveSteps; i++ {
					t := float64(i) / curveSteps
					poly = append(poly, a.lerp(b, t).lerp(b.lerp(d, t), t))
				}
			case sfnt.SegmentOpCubeTo:
				a, b, cc, d := poly[len(poly)-1], at(sg.Args[0], x), at(sg.Args[1], x), at(sg.Args[2], x)
				for i := 1; i <= curveSteps; i++ {
					t := float64(i) / curveSteps
					ab, bc, cd := a.lerp(b, t), b.lerp(cc, t), cc.lerp(d, t)
					poly = append(poly, ab.lerp(bc, t).lerp(bc.lerp(cd, t), t))
				}
			}
		}
		if len(poly) > 0 {
			polys = append(polys, poly)
		}
	})
	if len(polys) > 0 {
		c.fill(polys, st.col)
	}
}

// curveSteps is how many straight pieces stand for a curve of a glyph:
// at the sizes of a plot, a glyph's curves span a few pixels.
const curveSteps = 6
