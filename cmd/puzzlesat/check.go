package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
	"github.com/puzzlesat/puzzlesat/internal/addrspace"
)

// runCheck checks a DRAT proof that a DIMACS file is unsatisfiable:
// exit 0 and "s VERIFIED" when the proof is verified, 1 and
// "s NOT VERIFIED" (why on stderr) when it is not, 1 and "s UNKNOWN" on
// timeout, 2 when a file cannot be read. The deadline of --timeout covers
// reading the files too.
func runCheck(ctx context.Context, e env, args []string) error {
	var (
		timeout    time.Duration
		core, lrat string
		stats      statsFlag
	)
	fs := flagSet(e, "check", "")
	fs.DurationVar(&timeout, "timeout", 0, "time limit (0: none); on timeout print s UNKNOWN and exit 1")
	fs.StringVar(&core, "core", "", "write the formula's clauses that the refutation uses to `PATH`, as DIMACS")
	fs.StringVar(&lrat, "lrat", "", "write the refutation in LRAT to `PATH`")
	fs.Var(&stats, "stats", "print the lemmas, the core's size and the time on stderr (every counter, as --stats=all prints them)")
	pos, err := parseArgs(fs, args)
	switch {
	case err != nil:
		return err
	case len(pos) != 2:
		return usagef("usage: puzzlesat check [flags] CNF PROOF (one of them may be - for stdin)")
	case pos[0] == "-" && pos[1] == "-":
		return usagef("check: CNF and PROOF cannot both be stdin")
	case timeout < 0:
		return usagef("--timeout must not be negative")
	}
	tctx, cancel := context.WithTimeout(ctx, forever(timeout))
	defer cancel()
	start := time.Now()
	res, err := checkFiles(tctx, e, pos[0], pos[1], core, lrat)
	switch {
	case err != nil && context.Cause(ctx) == errInterrupted:
		return errInterrupted
	case err != nil && errors.Is(err, context.DeadlineExceeded) && tctx.Err() != nil:
		fmt.Fprintln(e.stdout, "s UNKNOWN")
		fmt.Fprintf(e.stderr, "puzzlesat: check: timeout after %v\n", timeout)
		return errFailed
	case err != nil:
		return err
	}
	if stats != statsOff {
		fmt.Fprintf(e.stderr, "c check: %d lemmas, %d deletions (%d ignored); core: %d lemmas, %d clauses; %d RAT checks; %.3fs\n",
			res.Lemmas, res.Deletions, res.Ignored, res.CoreLemmas, res.CoreClauses, res.RATChecks, time.Since(start).Seconds())
	}
	fmt.Fprintf(e.stdout, "s %v\n", res.Verdict)
	if res.Verdict == drat.Verified {
		return nil
	}
	if res.Failed != nil {
		fmt.Fprintf(e.stderr, "puzzlesat: check: %s: %v\n", pos[1], res.Failed)
	}
	fmt.Fprintf(e.stderr, "puzzlesat: check: %v\n", res.Reason)
	return errFailed
}

// checkFiles reads the formula and checks the proof, writing the core and
// the LRAT proof to the paths that are not empty when it is verified; for
// a proof not verified, a regular file at those paths is removed, and
// anything else (a device, a FIFO) left as it is (see output).
func checkFiles(ctx context.Context, e env, cnfPath, proofPath, corePath, lratPath string) (res *drat.Result, err error) {
	cin, err := openInput(e, []string{cnfPath}, "a DIMACS formula")
	if err != nil {
		return nil, err
	}
	defer cin.close()
	r, err := cin.reader(ctx)
	if err != nil {
		return nil, err
	}
	if r, err = decompressed(r); err != nil {
		return nil, fmt.Errorf("%s: %w", cin.name, err)
	}
	f, err := cnf.ReadDIMACS(ctx, cin.name, r)
	if err != nil {
		return nil, err
	}
	pin, err := openInput(e, []string{proofPath}, "a DRAT proof")
	if err != nil {
		return nil, err
	}
	defer pin.close()
	pr, err := pin.reader(ctx)
	if err != nil {
		return nil, err
	}
	o := drat.Options{Name: pin.name}
	if limit := addrspace.Limit(); limit > 0 {
		// Half of what the limit leaves: past it a Go program dies, and
		// the collector needs room while the checker's state is made (a
		// 300 MB file, its state bound within a fifth of what was left,
		// died in one run of three).
		o.MaxBytes = max((limit-addrspace.Used())/2, 1)
	}
	var outs []*output
	defer func() {
		for _, out := range outs {
			if err != nil || res.Verdict != drat.Verified {
				out.remove()
			} else if cerr := out.commit(); cerr != nil {
				err = cerr
			}
		}
	}()
	for _, out := range []struct {
		path string
		w    *io.Writer
	}{{corePath, &o.Core}, {lratPath, &o.LRAT}} {
		if out.path == "" {
			continue
		}
		w, err := createOutput(out.path)
		if err != nil {
			return nil, err
		}
		outs = append(outs, w)
		if err := w.open(ctx); err != nil {
			return nil, err
		}
		*out.w = w
	}
	res, err = drat.Check(ctx, f, pr, o)
	if errors.Is(err, drat.ErrTooLarge) && o.MaxBytes > 0 {
		err = fmt.Errorf("check: %w (half of what the address-space limit of %d MB leaves)", err, addrspace.Limit()>>20)
	}
	return res, err
}
