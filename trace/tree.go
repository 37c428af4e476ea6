package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/puzzlesat/puzzlesat/technique"
)

// Tree is what a Recorder kept of one search: its first nodes, and the
// cuts of every pruning in them and in the whole run. Its parts are
// decisions, which are the search's nodes (Decisions counts them, as
// --stats does), levels, which group the decisions of one depth limit,
// length or pass, and cut leaves, which are not nodes: each says what a
// pruning removed under a decision.
type Tree struct {
	Kind    string // the puzzle kind, such as "sticks"
	Title   string // the instance, in a line
	Options string // the switches of the run, such as "-equal-skip"; "" for the defaults
	Result  string // the answer, or how the search ended

	Nodes    []Node         // the root first; a node's parent comes before it
	Prunings []PruningCount // the kind's prunings, in its order
	Limit    int            // the most parts (Nodes) kept
	More     int64          // the parts past the limit, not kept
	// Decisions is the number of decisions of the whole run, kept or
	// not: the search's nodes, which Stats.Nodes counts too.
	Decisions int64
	Answered  bool // the search found an answer; the nodes with Answer lead to it
}

// Node is one part of the tree: the root (the instance), a decision of
// the search, a level (Level), or a leaf where a pruning cut (Leaf).
type Node struct {
	Parent int `json:"parent"` // -1 for the root
	// Label is what a decision decided, which level a level is, or what
	// a leaf's cuts removed, in the puzzle's words ("" when the search
	// said nothing).
	Label string `json:"label,omitempty"`
	// Level marks a level: a depth limit, a length or bound tried, a
	// pass or a restart, which groups decisions and is not one.
	Level    bool               `json:"level,omitempty"`
	Pruning  string             `json:"pruning,omitempty"` // a leaf's pruning; "" for a decision
	Category technique.Category `json:"category,omitempty"`
	Count    int64              `json:"count,omitempty"`  // the acts a leaf stands for
	Answer   bool               `json:"answer,omitempty"` // on the path to the answer
	// Ref is the node a memo hit points to, the decision under which the
	// state it refused was refuted; -1 when there is none or it was not
	// kept.
	Ref int `json:"-"`
}

// MarshalJSON writes n as an object, with "ref" only when there is one.
func (n Node) MarshalJSON() ([]byte, error) {
	type plain Node
	out := struct {
		plain
		Ref *int `json:"ref,omitempty"`
	}{plain: plain(n)}
	if n.Ref >= 0 {
		out.Ref = &n.Ref
	}
	return json.Marshal(out)
}

// Leaf reports whether n is a leaf where a pruning cut.
func (n Node) Leaf() bool { return n.Pruning != "" }

// Decision reports whether n is a decision, one of the search's nodes.
func (n Node) Decision() bool { return n.Parent >= 0 && !n.Level && !n.Leaf() }

// Parts returns how many of the kept parts are decisions, levels and cut
// leaves.
func (t *Tree) Parts() (decisions, levels, leaves int) {
	for _, n := range t.Nodes {
		switch {
		case n.Leaf():
			leaves++
		case n.Level:
			levels++
		case n.Parent >= 0:
			decisions++
		}
	}
	return decisions, levels, leaves
}

// PruningCount is one pruning with its cuts.
type PruningCount struct {
	technique.Pruning
	On    bool  // switched on in the run
	Drawn int64 // the acts in the tree's nodes
	Run   int64 // the acts in the whole run
}

// Complete reports whether the tree holds the whole search: then the
// cuts drawn are the cuts of the run.
func (t *Tree) Complete() bool { return t.More == 0 }

// WriteJSON writes t as one JSON object.
func (t *Tree) WriteJSON(w io.Writer) error {
	type pruning struct {
		Name     string             `json:"name"`
		Category technique.Category `json:"category"`
		Chapter  string             `json:"chapter,omitempty"`
		On       bool               `json:"on"`
		Drawn    int64              `json:"drawn"`
		Run      int64              `json:"run"`
	}
	out := struct {
		Kind      string    `json:"kind"`
		Title     string    `json:"title"`
		Options   string    `json:"options"`
		Result    string    `json:"result"`
		Limit     int       `json:"limit"`
		More      int64     `json:"more"`
		Decisions int64     `json:"decisions"`
		Answered  bool      `json:"answered"`
		Prunings  []pruning `json:"prunings"`
		Nodes     []Node    `json:"nodes"`
	}{t.Kind, t.Title, t.Options, t.Result, t.Limit, t.More, t.Decisions, t.Answered, nil, nil}
	for _, p := range t.Prunings {
		out.Prunings = append(out.Prunings, pruning{p.Name, p.Category, p.Chapter, p.On, p.Drawn, p.Run})
	}
	// The object without its nodes, then the nodes one by one, indented
	// as an Encoder with SetIndent("", " ") writes them: a tree of a
	// million nodes streams to its file rather than being built whole.
	head, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if t.Nodes == nil {
		bw.Write(head)
		bw.WriteString("\n")
		return bw.Flush()
	}
	bw.Write(bytes.TrimSuffix(head, []byte("null\n}")))
	if len(t.Nodes) == 0 {
		bw.WriteString("[]\n}\n")
		return bw.Flush()
	}
	bw.WriteString("[\n")
	for i, n := range t.Nodes {
		b, err := json.MarshalIndent(n, "  ", " ")
		if err != nil {
			return err
		}
		bw.WriteString("  ")
		bw.Write(b)
		if i < len(t.Nodes)-1 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString(" ]\n}\n")
	return bw.Flush()
}

// WriteDOT writes t as a Graphviz digraph, left to right: decisions as
// ellipses, levels as dashed boxes, cuts as boxes filled with their
// category's colour, the path to the answer in bold, and a table of the
// cuts by pruning.
func (t *Tree) WriteDOT(w io.Writer) error {
	b := bufio.NewWriterSize(w, 64<<10) // streams, as WriteJSON does
	fmt.Fprintf(b, "digraph trace {\n  rankdir=LR;\n  node [fontname=\"Helvetica\" fontsize=10];\n")
	fmt.Fprintf(b, "  label=%q;\n  labelloc=t;\n", t.heading())
	for i, n := range t.Nodes {
		switch {
		case n.Leaf():
			fmt.Fprintf(b, "  n%d [shape=box style=\"filled,rounded\" fillcolor=%q label=%q];\n", i, Color(n.Category), n.leafText())
		case n.Level:
			bold := ""
			if n.Answer {
				bold = " penwidth=2.5"
			}
			fmt.Fprintf(b, "  n%d [shape=box style=\"dashed,rounded\"%s label=%q];\n", i, bold, n.Label)
		case n.Answer:
			fmt.Fprintf(b, "  n%d [style=bold color=black penwidth=2.5 label=%q];\n", i, n.Label)
		default:
			fmt.Fprintf(b, "  n%d [label=%q];\n", i, n.Label)
		}
		if n.Parent >= 0 {
			style := ""
			if n.Answer {
				style = " [penwidth=2.5]"
			}
			fmt.Fprintf(b, "  n%d -> n%d%s;\n", n.Parent, i, style)
		}
	}
	b.WriteString("  cuts [shape=plaintext label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\">" +
		"<tr><td>pruning</td><td>category</td><td>drawn</td><td>whole run</td></tr>")
	for _, p := range t.Prunings {
		if p.On {
			fmt.Fprintf(b, "<tr><td bgcolor=%q>%s</td><td>%s</td><td>%d</td><td>%d</td></tr>", Color(p.Category), p.Name, p.Category, p.Drawn, p.Run)
		}
	}
	b.WriteString("</table>>];\n}\n")
	return b.Flush()
}

// heading returns the tree's title line.
func (t *Tree) heading() string {
	h := t.Kind + ": " + t.Title
	if t.Options != "" {
		h += " with --dfs=" + t.Options
	}
	h += " → " + t.Result
	nodes := "nodes"
	if t.Decisions == 1 {
		nodes = "node"
	}
	h += fmt.Sprintf(" · %d %s", t.Decisions, nodes)
	if t.More > 0 {
		d, _, _ := t.Parts()
		h += fmt.Sprintf(" (the first %d drawn)", d)
	}
	return h
}

// leafText returns what a leaf says: its pruning, and its count when
// it stands for more than one act.
func (n Node) leafText() string {
	s := n.Pruning
	if n.Label != "" {
		s += ": " + n.Label
	}
	if n.Count > 1 {
		s += fmt.Sprintf(" ×%d", n.Count)
	}
	return s
}

// Color returns the colour of the category in pictures, as #rrggbb: the
// colour-blind safe palette of Okabe and Ito.
func Color(c technique.Category) string {
	switch c {
	case technique.Order:
		return "#E69F00"
	case technique.Redundancy:
		return "#56B4E9"
	case technique.Feasibility:
		return "#009E73"
	case technique.Optimality:
		return "#D55E00"
	case technique.Memo:
		return "#CC79A7"
	case technique.Propagation:
		return "#0072B2"
	case technique.Learning:
		return "#F0E442"
	}
	return "#999999"
}
