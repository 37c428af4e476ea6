//go:build !unix

package main

// addressLimit returns 0: no address-space limit is read here.
func addressLimit() int64 { return 0 }

// addressUsed returns 0: the address space's size is not read here.
func addressUsed() int64 { return 0 }
