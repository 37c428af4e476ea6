package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/lab"
)

// labAddr is the lab's default address: loopback, so that no other
// machine reaches it unless --http says so.
const labAddr = "127.0.0.1:8347"

// labLiterals bounds the SAT formulas of the lab's searches together:
// 4 million literals, about 160 MB, so that a page cannot take the
// machine's memory; labTables bounds the DFS tables likewise.
const (
	labLiterals = 4_000_000
	labTables   = 64 << 20
)

// runLab serves the lab: "lab [--http=ADDR] [--open] [--jobs=N]
// [--nodes=N]", until interrupted.
func runLab(ctx context.Context, e env, args []string) error {
	fs := flagSet(e, "lab", "")
	addr := fs.String("http", labAddr, "serve the lab at `HOST:PORT` (port 0: any free one); a host other than loopback lets other machines in")
	open := fs.Bool("open", false, "open the lab in the default browser")
	jobs := fs.Int("jobs", 1, "run at most `N` searches at once, over every page")
	nodes := fs.Int("nodes", lab.DefaultNodes, "keep `N` nodes of each search tree, the rest as exact counts")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("lab takes no arguments, got %q", pos[0])
	case *jobs < 1 || *jobs > maxJobs:
		return usagef("--jobs must be in 1..%d, got %d", maxJobs, *jobs)
	case *nodes < 100:
		return usagef("--nodes must be at least 100, got %d", *nodes)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("lab: %v (try --http=127.0.0.1:0 for any free port)", err)
	}
	served := ln.Addr().String()
	srv := &http.Server{
		Handler: lab.New(lab.Config{Addr: served, Jobs: *jobs, Nodes: *nodes,
			Memory: puzzlesat.NewMemory(labLiterals, labTables, *jobs)}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	url := "http://" + served + "/"
	fmt.Fprintf(e.stdout, "puzzlesat lab: serving %s (Ctrl-C to stop)\n", url)
	if *open {
		openBrowser(url)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(shut)
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return context.Cause(ctx)
	}
}

// openBrowser opens url in the desktop's browser, if it has one; the URL
// is printed anyway.
func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}
