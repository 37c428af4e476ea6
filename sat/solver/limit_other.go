//go:build !unix

package solver

// addressLimit returns 0: no address-space limit is known here.
func addressLimit() int64 { return 0 }

// addressUsed returns 0: the address space is not known here.
func addressUsed() int64 { return 0 }
