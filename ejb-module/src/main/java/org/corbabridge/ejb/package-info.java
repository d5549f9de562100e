/**
 * The study's EJB jar: a stateful session bean over the Catalog adapter in six configurations
 * (invocation mode, the container's ORB or one of the session's own), and a stateless
 * asynchronous facade.
 */
package org.corbabridge.ejb;
