package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/trace"
)

// traceTimeout is the default time limit of trace: the picture shows the
// first nodes only, so a search that runs on would add nothing to it.
const traceTimeout = 10 * time.Second

// traceReadable is the most nodes whose picture a person can still read:
// past it trace says so and points to the lab.
const traceReadable = 20_000

// runTrace draws the DFS of one instance: "trace KIND [flags] -o PATH
// [FILE]", the format by PATH's extension (.svg, .dot, .json). It exits
// as solve does: 1 when the search timed out or found no solution, the
// tree drawn all the same. --timeout bounds the search, the reading of
// the input and the wait for a FIFO's reader, each.
func runTrace(ctx context.Context, e env, args []string) error {
	var out string
	var nodes int
	k, o, ins, err := kindCommand(e, "trace", args, func(fs *flag.FlagSet, o *options) {
		o.queryFlags(fs)
		o.techniqueFlags(fs, true)
		fs.DurationVar(&o.timeout, "timeout", traceTimeout, "time limit of the search (0: none)")
		fs.IntVar(&nodes, "nodes", puzzlesat.DefaultTraceNodes, "draw the first `N` nodes of the search")
		fs.StringVar(&out, "o", "", "write the tree to `PATH`: .svg, .dot (Graphviz) or .json")
		fs.StringVar(&out, "output", "", "the same as -o `PATH`")
	})
	if err != nil {
		return err
	}
	defer closeInputs(ins)
	in := ins[0]
	write, err := treeWriter(out)
	if err != nil {
		return err
	}
	if nodes < 1 || nodes > puzzlesat.MaxTraceNodes {
		return usagef("--nodes must be in 1..%d, got %d", puzzlesat.MaxTraceNodes, nodes)
	}
	var p kind.Instance
	read := *o
	if read.timeout > 0 {
		read.timeout = max(read.timeout, minInputWait) // the search's limit may be tiny
	}
	err = timed(ctx, &read, "trace", func(ctx context.Context) error {
		p, err = k.pick(ctx, o, in)
		return err
	})
	if err != nil {
		return err
	}
	t, _, _, err := k.lib.Trace(ctx, p, o.lib, nodes)
	if t == nil {
		return err
	}
	var wa *puzzlesat.WrongAnswer
	if errors.As(err, &wa) {
		return fmt.Errorf("%w: %v", errBug, err)
	}
	if ctx.Err() != nil {
		return errInterrupted
	}
	if werr := writeWaiting(ctx, out, o.timeout, func(w io.Writer) error { return write(t, w) }); werr != nil {
		return werr
	}
	if t.Decisions > traceReadable {
		fmt.Fprintf(e.stderr, "puzzlesat: trace: the search made %d nodes, past %d the picture will be hard to read; `puzzlesat lab` shows a tree of any size\n",
			t.Decisions, traceReadable)
	}
	if serr := traceSummary(e.stdout, t, out, in.name, o.caseNum); serr != nil {
		return serr
	}
	if errors.Is(err, puzzlesat.ErrNoSolution) || errors.Is(err, context.DeadlineExceeded) {
		return errFailed // as solve exits: the tree is drawn, the instance not settled
	}
	return err
}

// treeWriter returns the writer of the format PATH's extension names.
func treeWriter(path string) (func(*trace.Tree, io.Writer) error, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg":
		return (*trace.Tree).WriteSVG, nil
	case ".dot", ".gv":
		return (*trace.Tree).WriteDOT, nil
	case ".json":
		return (*trace.Tree).WriteJSON, nil
	case "":
		if path == "" {
			return nil, usagef("trace needs -o PATH (.svg, .dot or .json)")
		}
	}
	return nil, usagef("-o %s: want a file ending in .svg, .dot or .json", path)
}

// traceSummary prints what trace drew: the answer, the nodes (the
// decisions, as --stats counts them) drawn and in the whole run, the cut
// leaves and levels drawn, and the cuts by pruning in the picture and in
// the whole run.
func traceSummary(w io.Writer, t *trace.Tree, out, file string, kase int) error {
	fmt.Fprintf(w, "%s case %d: %s\n", file, kase, t.Result)
	decisions, levels, leaves := t.Parts()
	fmt.Fprintf(w, "wrote %s: %d nodes of %d (the decisions, as --stats counts them), with %d cut leaves and %d levels, which are not nodes\n\n",
		out, decisions, t.Decisions, leaves, levels)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "pruning\tcategory\tchapter\tdrawn\twhole run\t")
	for _, p := range t.Prunings {
		if p.On {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t\n", p.Name, p.Category, dash(splitNonEmpty(p.Chapter)), p.Drawn, p.Run)
		}
	}
	return tw.Flush()
}

// splitNonEmpty returns s as a list of one, or none when s is "".
func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
