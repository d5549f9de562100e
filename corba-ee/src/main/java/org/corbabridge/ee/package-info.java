/**
 * Jakarta EE: {@link org.corbabridge.ee.CorbaClientResource} declares a client of any interface in
 * a container's resources and gives beans its proxy; {@link org.corbabridge.ee.BusinessMethodSpans}
 * makes each business method a span. docs/ee.md.
 */
package org.corbabridge.ee;
