//go:build !linux

package solver

// adopt does nothing outside Linux, which alone has child subreapers.
func adopt() {}

// sweep does nothing outside Linux: killGroup is all there is, and a
// process that left the group survives it.
func sweep(pgid int, token string) error { return nil }
