// Package lab serves the lab: a web page on which every kind of the
// registry is solved and its search drawn, interactively, at any size.
//
// A Server answers the page's requests: the kinds with their prunings,
// encodings, samples and generator parameters; runs, one per page at a
// time, with their answers drawn as the puzzle, their figures and their
// search trees, kept within a budget of nodes (package lab/tree) and
// fetched in detail on demand by re-running the deterministic search with
// a focus; two runs merged; and the ablation of an instance. The same
// Server runs in the browser, built for GOOS=js GOARCH=wasm (lab/wasm),
// where the page calls it in a Web Worker instead of over HTTP.
//
// Over HTTP it is safe by default: it answers only requests whose Host
// is the address it serves (or another name of loopback) and whose
// Origin, if any, is its own, which stops DNS rebinding; it bounds every
// input to MaxInput; and it never reads a path that a request names.
package lab
