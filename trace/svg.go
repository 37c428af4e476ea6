package trace

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/puzzlesat/puzzlesat/technique"
)

// The geometry of the SVG, in pixels.
const (
	svgRow    = 16  // one leaf per row
	svgChar   = 6.3 // the width of a character at svgFont
	svgFont   = 11
	svgGap    = 26 // between a column's widest label and the next column
	svgMargin = 12
	svgLabel  = 64 // characters of a label drawn at most; the whole one is the leaf's tooltip
	svgTop    = 40 // room for the heading
)

// layout places the nodes of a tree: x by depth, y by leaf order, a
// decision halfway between its first and last child.
type layout struct {
	kids  [][]int
	depth []int
	y     []float64
	colX  []float64 // the left edge of each depth's column
	width float64   // the tree's width
	rows  int
}

func newLayout(t *Tree) *layout {
	n := len(t.Nodes)
	l := &layout{kids: make([][]int, n), depth: make([]int, n), y: make([]float64, n)}
	var widest []int
	for i, nd := range t.Nodes {
		if nd.Parent >= 0 {
			l.kids[nd.Parent] = append(l.kids[nd.Parent], i)
			l.depth[i] = l.depth[nd.Parent] + 1
		}
		for len(widest) <= l.depth[i] {
			widest = append(widest, 0)
		}
		widest[l.depth[i]] = max(widest[l.depth[i]], utf8.RuneCountInString(nodeText(nd)))
	}
	x := float64(svgMargin)
	for _, w := range widest {
		l.colX = append(l.colX, x)
		x += float64(min(w, svgLabel))*svgChar + 14 + svgGap
	}
	l.width = x
	if n > 0 {
		l.place(0)
	}
	return l
}

// place sets the y of node i and of everything below it, iteratively, so
// that a deep tree cannot overflow the stack.
func (l *layout) place(root int) {
	type frame struct{ i, next int }
	stack := []frame{{root, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		kids := l.kids[f.i]
		if f.next < len(kids) {
			f.next++
			stack = append(stack, frame{kids[f.next-1], 0})
			continue
		}
		if len(kids) == 0 {
			l.y[f.i] = float64(svgTop + svgRow*l.rows)
			l.rows++
		} else {
			l.y[f.i] = (l.y[kids[0]] + l.y[kids[len(kids)-1]]) / 2
		}
		stack = stack[:len(stack)-1]
	}
}

// nodeText returns what the picture writes at a node, cut to svgLabel
// characters.
func nodeText(n Node) string {
	s := n.Label
	if n.Leaf() {
		s = n.leafText()
	}
	if utf8.RuneCountInString(s) > svgLabel {
		s = string([]rune(s)[:svgLabel-1]) + "…"
	}
	return s
}

// WriteSVG draws t left to right: each decision a dot with its label,
// each level a hollow square with its label in italics, each cut a box in
// its category's colour labelled with its pruning and what it removed, the
// path to the answer in bold; beside the tree, the cuts by pruning in the
// picture and in the whole run, and the legend of the categories.
func (t *Tree) WriteSVG(w io.Writer) error {
	l := newLayout(t)
	var b strings.Builder
	tableX := l.width + svgGap
	tableW, tableH := t.writeTable(&b, tableX, svgTop)
	width := tableX + tableW + svgMargin
	height := max(float64(svgTop+svgRow*l.rows), float64(svgTop)+tableH) + svgMargin
	out := bufio.NewWriterSize(w, 64<<10) // the drawing streams: a tree of a million nodes is hundreds of MB
	fmt.Fprintf(out, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif" font-size="%d">`+"\n",
		width, height, width, height, svgFont)
	fmt.Fprintf(out, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(out, `<text x="%d" y="22" font-size="14" font-weight="bold">%s</text>`+"\n", svgMargin, html.EscapeString(t.heading()))
	for i, n := range t.Nodes {
		if n.Parent >= 0 {
			t.writeEdge(out, l, n.Parent, i)
		}
	}
	for i := range t.Nodes {
		t.writeNode(out, l, i)
	}
	out.WriteString(b.String())
	out.WriteString("</svg>\n")
	return out.Flush()
}

// anchor returns where the edges out of node i start: past its label.
func (l *layout) anchor(t *Tree, i int) float64 {
	return l.colX[l.depth[i]] + 6 + float64(utf8.RuneCountInString(nodeText(t.Nodes[i])))*svgChar + 4
}

func (t *Tree) writeEdge(b io.Writer, l *layout, from, to int) {
	x0, y0 := l.anchor(t, from), l.y[from]
	x1, y1 := l.colX[l.depth[to]]-2, l.y[to]
	mid := x1 - svgGap/2
	style := `stroke="#bbbbbb" stroke-width="1"`
	if t.Nodes[to].Answer {
		style = `stroke="black" stroke-width="2.5"`
	}
	fmt.Fprintf(b, `<path d="M%.1f %.1fH%.1fV%.1fH%.1f" fill="none" %s/>`+"\n", x0, y0, mid, y1, x1, style)
}

func (t *Tree) writeNode(b io.Writer, l *layout, i int) {
	n := t.Nodes[i]
	x, y := l.colX[l.depth[i]], l.y[i]
	text := html.EscapeString(nodeText(n))
	if n.Leaf() {
		w := float64(utf8.RuneCountInString(nodeText(n)))*svgChar + 10
		fill := Color(n.Category)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" rx="4" fill="%s"><title>%s</title></rect>`+"\n",
			x, y-svgRow/2+1, w, svgRow-2, fill, html.EscapeString(n.leafText()+"\n"+string(n.Category)+": "+n.Category.Legend()))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="%s">%s</text>`+"\n", x+5, y+4, textOn(fill), text)
		return
	}
	weight, r := "", 3
	if n.Answer {
		weight, r = ` font-weight="bold"`, 4
	}
	if n.Level {
		// A level is a hollow square: no decision, so no dot.
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%d" height="%d" fill="white" stroke="black" stroke-width="1.5"/>`+"\n",
			x+1-float64(r), y-float64(r), 2*r, 2*r)
		weight += ` font-style="italic"`
	} else {
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%d" fill="black"/>`+"\n", x+1, y, r)
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f"%s>%s</text>`+"\n", x+7, y+4, weight, text)
}

// writeTable writes the cuts by pruning and the legend at x, y, and
// returns their width and height.
func (t *Tree) writeTable(b *strings.Builder, x, y float64) (float64, float64) {
	cols := []float64{0, 130, 225, 285, 360, 440} // the left edges, and the right one
	row := func(y float64, bold bool, cells ...string) {
		weight := ""
		if bold {
			weight = ` font-weight="bold"`
		}
		for i, c := range cells {
			anchor := ""
			if i >= 3 {
				anchor = ` text-anchor="end"`
			}
			cx := x + cols[i]
			if i >= 3 {
				cx = x + cols[i+1] - 8
			}
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f"%s%s>%s</text>`+"\n", cx, y, weight, anchor, html.EscapeString(c))
		}
	}
	y += 4
	row(y, true, "pruning", "category", "chapter", "drawn", "whole run")
	for _, p := range t.Prunings {
		if !p.On {
			continue
		}
		y += svgRow
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"/>`+"\n", x-12, y-8, Color(p.Category))
		row(y, false, p.Name, string(p.Category), orDash(p.Chapter), fmt.Sprint(p.Drawn), fmt.Sprint(p.Run))
	}
	y += svgRow * 1.5
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-weight="bold">categories</text>`+"\n", x, y)
	widest := 0
	for _, c := range technique.Categories() {
		y += svgRow
		line := string(c) + ": " + c.Legend()
		widest = max(widest, utf8.RuneCountInString(line))
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"/>`+"\n", x-12, y-8, Color(c))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", x, y, html.EscapeString(line))
	}
	y += svgRow * 0.5
	for _, line := range svgLegend {
		y += svgRow
		widest = max(widest, utf8.RuneCountInString(line))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", x, y, html.EscapeString(line))
	}
	return max(cols[len(cols)-1], float64(widest)*svgChar), y
}

// svgLegend says what the picture's parts are.
var svgLegend = []string{
	"a dot is a node: a decision of the search, as --stats counts them",
	"a coloured box is a cut leaf, not a node: what a pruning removed there",
	"a hollow square is a level, not a node: a depth limit, length or pass",
	"bold: the path to the answer; a decision with nothing below it had no option left",
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// textOn returns black or white, whichever reads better on fill.
func textOn(fill string) string {
	var r, g, bl int
	fmt.Sscanf(fill, "#%02x%02x%02x", &r, &g, &bl)
	if 299*r+587*g+114*bl < 128000 {
		return "white"
	}
	return "black"
}
