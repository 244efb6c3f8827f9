package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxLine bounds one input line, as the SDK's own reader bounds a frame:
// a longer line is refused and skipped, not buffered.
const maxLine = sdkmcp.DefaultMaxLineLength

// errStdin marks a failure to read stdin, which ends the session, from the
// SDK's refusal of a message, which does not.
var errStdin = errors.New("reading stdin")

// protocolOut is stdout, shared by the SDK's connection and the refusals
// of screenInput. Each Write is one whole message line, and the lock keeps
// lines whole. Nothing is written once the session has ended.
type protocolOut struct {
	mu      sync.Mutex
	w       io.Writer
	stopped bool
}

func (o *protocolOut) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stopped {
		return 0, io.ErrClosedPipe
	}
	return o.w.Write(p)
}

// Close leaves stdout open: the process owns it, not the session.
func (o *protocolOut) Close() error { return nil }

func (o *protocolOut) stop() {
	o.mu.Lock()
	o.stopped = true
	o.mu.Unlock()
}

// refusal is the JSON-RPC error answering a line that is not a message the
// server can take. ID is nil (null on the wire) when the line has none.
type refusal struct {
	ID    any           `json:"id"`
	Error jsonrpc.Error `json:"error"`
}

// refuse writes the error response, with "id":null when id is nil (the
// SDK's encoder would leave the id out, which JSON-RPC does not allow).
func (o *protocolOut) refuse(log *slog.Logger, r *refusal) {
	log.Warn("refused an input line", "code", r.Error.Code, "error", r.Error.Message)
	line, err := json.Marshal(struct {
		JSONRPC string `json:"jsonrpc"`
		*refusal
	}{"2.0", r})
	if err == nil {
		_, err = o.Write(append(line, '\n'))
	}
	if err != nil {
		log.Warn("could not answer the refused line", "error", err)
	}
}

// screenInput reads the client's lines from stdin, answers each that is
// not a JSON-RPC message with a JSON-RPC error, and passes every other
// line on to the SDK through sdk, which it closes when stdin ends. The
// SDK's own reader is a JSON decoder that cannot go past a malformed line,
// and it ends the session at the first one.
func screenInput(stdin io.Reader, sdk *io.PipeWriter, out *protocolOut, log *slog.Logger) {
	r := bufio.NewReaderSize(stdin, 64<<10)
	for {
		line, tooLong, err := readLine(r)
		if tooLong {
			out.refuse(log, &refusal{Error: jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
				Message: fmt.Sprintf("Invalid Request: a line longer than %d bytes, the most this server reads", maxLine)}})
		} else if len(bytes.TrimSpace(line)) > 0 {
			if why := screen(line); why != nil {
				out.refuse(log, why)
			} else if _, werr := sdk.Write(line); werr != nil {
				return // the session has ended
			}
		}
		if errors.Is(err, io.EOF) {
			_ = sdk.Close()
			return
		} else if err != nil {
			_ = sdk.CloseWithError(fmt.Errorf("%w: %w", errStdin, err))
			return
		}
	}
}

// readLine reads up to and including the next newline. A line longer than
// maxLine is read to its end and dropped: tooLong, and no bytes.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) > maxLine {
			tooLong, line = true, nil
		}
		if !tooLong {
			line = append(line, chunk...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, tooLong, err
		}
	}
}

// screen says why a line is not a JSON-RPC message, or batch of them,
// that the SDK can take, or nil to pass it on.
func screen(line []byte) *refusal {
	var raw json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return &refusal{Error: jsonrpc.Error{Code: jsonrpc.CodeParseError, Message: "Parse error: the line is not JSON: " + err.Error()}}
	}
	invalid := func(id any, why string) *refusal {
		return &refusal{ID: id, Error: jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: " + why}}
	}
	if raw[0] != '[' {
		if id, why := fault(raw); why != "" {
			return invalid(id, why)
		}
		return nil
	}
	// The SDK refuses a whole batch for one bad message in it, so the
	// refusal is one too, naming the message.
	var batch []json.RawMessage
	_ = json.Unmarshal(raw, &batch) // valid JSON, and an array
	if len(batch) == 0 {
		return invalid(nil, "an empty batch")
	}
	for i, m := range batch {
		if _, why := fault(m); why != "" {
			return invalid(nil, fmt.Sprintf("message %d of the batch: %s", i+1, why))
		}
	}
	return nil
}

// fault says why one JSON value is not a JSON-RPC message the SDK can take
// ("" if it is), with its id when it has a valid one, so that the client
// can match the error to its request.
func fault(raw json.RawMessage) (id any, why string) {
	switch raw[0] {
	case '{':
	case '[':
		return nil, "a JSON-RPC message is an object, not an array"
	case '"':
		return nil, "a JSON-RPC message is an object, not a string"
	case 'n':
		return nil, "a JSON-RPC message is an object, not null"
	case 't', 'f':
		return nil, "a JSON-RPC message is an object, not a boolean"
	default:
		return nil, "a JSON-RPC message is an object, not a number"
	}
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return idOf(raw), err.Error()
	}
	// With no "method", the SDK takes a message for a response, and drops
	// one that answers no call of its own: a request that forgot its
	// method would wait for ever.
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.Result == nil && resp.Error == nil {
		return resp.ID.Raw(), `no "method" (nor "result" or "error")`
	}
	return nil, ""
}

// idOf is the id of an object that is not a valid message, when it has a
// valid one.
func idOf(raw json.RawMessage) any {
	var v struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	id, err := jsonrpc.MakeID(v.ID)
	if err != nil {
		return nil
	}
	return id.Raw()
}
