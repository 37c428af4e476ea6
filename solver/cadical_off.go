//go:build !cadical

package solver

// newCadical returns nil: CaDiCaL is not built in.
func newCadical() Engine { return nil }

// newCadicalProver returns nil: CaDiCaL is not built in.
func newCadicalProver() Prover { return nil }
