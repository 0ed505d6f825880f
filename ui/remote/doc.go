// Package remote is what the explorer does only on a remote backend (AWS,
// or any DynamoDB-compatible endpoint): the read of a whole table after its
// price was said (S), and the copy of a table's slice into the sandbox
// (C), a workspace on the embedded engine beside the remote one; and the
// texts the root shows of a remote backend: what the explorer consumed,
// and where a destructive change lands.
//
// Two components, both driven by the root and announcing their results
// with typed messages, the way the lessons pane announces its copy:
//
//   - Surveys, one per workspace: Ask prices the read (a kit.ConfirmMsg
//     says what it costs), the read runs in a command with its progress
//     read by another, and every change of a table's survey is announced
//     with a SurveyMsg, which the root hands to the sidebar's table info
//     and to the panes that show it (kit.SurveySink).
//   - Copier, one for the explorer: Ask checks the copy can run and
//     announces an AskCopyMsg (the root opens the form), the copy runs in
//     a command, and its end is announced with a CopiedMsg (the root
//     opens the copy in the sandbox's workspace); SandboxMsg announces the
//     sandbox opened at start.
//
// Refusals and notes are kit.FlashMsg. Neither component holds a
// workspace: the root routes each one's messages back to it.
package remote
