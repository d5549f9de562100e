/**
 * Values by TypeCode, as the dynamic path and the checks before sending marshal them: the codecs
 * ({@code Codecs} builds one per type: structs, unions, enums, fixed, primitives, strings read in
 * bulk where the ORB's platform allows, sequences, anys), what they take as values
 * ({@code Values}), what a reply they cannot read is ({@code Unreadable}), and the refusals made
 * before anything is sent: nesting, strings that would arrive changed ({@code ArgumentCheck}),
 * anys an ORB would send wrong ({@code AnyGuard}, {@code TypeCodeWireCheck}). Not an API.
 */
package org.corbabridge.adapter.internal.codec;
