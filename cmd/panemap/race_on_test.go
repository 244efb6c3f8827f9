//go:build race

package main

// raceBuild says the tests and the panemap they build run with the race
// detector, which multiplies a process's memory several times over.
const raceBuild = true
